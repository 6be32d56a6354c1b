"""The storage layer: the SQLite store (`store`, `database`) and what it keeps beside the
record: results, players, renaming, disputes settled, what the table entered but not yet
played, and the shared table's code."""
