"""The storage layer's newer parts: what the table entered but not yet played, and the
shared table's code. (referee.store, referee.database and their mixins belong here too.)"""
