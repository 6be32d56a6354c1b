"""Each Fairy Bucks action as the table says it, for the log and a fix's check."""

from pydantic import BaseModel

from referee.core.said import Said
from referee.games.fairybucks.material import NOT_A_BUCK, POOF
from referee.games.fairybucks.model import BucksReveal, FairyBucksState, Finale, Lot
from referee.games.fairybucks.scoring import item_text


def shown_text(value: int | str) -> str:
    """A Buck shown as a player names it: 'a 6', 'an 8', 'the Poof!', 'nothing'."""
    # "an 8", "an 11", "an 18": the article a player says before the number
    article = "an" if str(value) in ("8", "11", "18") or str(value).startswith("8") else "a"
    if value in NOT_A_BUCK:
        return f"the {NOT_A_BUCK[value]}" if value == POOF else NOT_A_BUCK[value]
    return f"{article} {value}"


def said_of(state: FairyBucksState, action: BaseModel) -> Said:
    if isinstance(action, Lot):
        items = ", ".join(item_text(i) for i in action.items)
        return Said(line=f"The lot: {items}", parts=(("The lot", items),))
    if isinstance(action, Finale):
        item = item_text(action.castle_item)
        return Said(line=f"The castle item is {item}", parts=(("The castle item", item),))
    assert isinstance(action, BucksReveal)
    return Said(
        line=", ".join(f"{s.player} shows {shown_text(s.card)}" for s in action.shows),
        parts=tuple((f"{s.player}'s Buck", shown_text(s.card)) for s in action.shows),
    )
