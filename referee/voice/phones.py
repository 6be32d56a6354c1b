"""A pronunciation for a word the recogniser's dictionary lacks (a name as the table typed
it: "Zoraida", "Xiu"), made from its letters: pocketsphinx's letter-to-sound model is not
in its wheel. Digraphs first, then one phone a letter; good enough for a name that only has
to stand apart from the few other words of one state."""

_DIGRAPHS = {
    "tch": "CH", "sch": "SH K",
    "ch": "CH", "sh": "SH", "th": "TH", "ph": "F", "ck": "K", "ng": "NG", "qu": "K W",
    "ee": "IY", "ea": "IY", "oo": "UW", "ou": "AW", "ow": "OW", "ai": "EY", "ay": "EY",
    "ei": "EY", "ey": "EY", "oi": "OY", "oy": "OY", "au": "AO", "aw": "AO", "ie": "IY",
    "kn": "N", "wh": "W", "gh": "G", "ui": "UW", "ue": "UW", "eu": "Y UW",
}  # fmt: skip
_LETTERS = {
    "a": "AA", "b": "B", "c": "K", "d": "D", "e": "EH", "f": "F", "g": "G", "h": "HH",
    "i": "IY", "j": "JH", "k": "K", "l": "L", "m": "M", "n": "N", "o": "OW", "p": "P",
    "q": "K", "r": "R", "s": "S", "t": "T", "u": "UW", "v": "V", "w": "W", "x": "K S",
    "y": "IY", "z": "Z",
}  # fmt: skip
_VOWELS = set("aeiouy")


def letters_to_phones(word: str) -> str:
    """'zoraida' -> 'Z OW R AA IY D AA'; letters only (words_of made them so)."""
    w = "".join(c for c in word.lower() if c in _LETTERS)
    if len(w) > 2 and w.endswith("e") and w[-2] not in _VOWELS:
        w = w[:-1]  # a silent final e ("Jane", "Mike")
    phones: list[str] = []
    i = 0
    while i < len(w):
        for size in (3, 2):
            if w[i : i + size] in _DIGRAPHS:
                phones.extend(_DIGRAPHS[w[i : i + size]].split())
                i += size
                break
        else:
            c = w[i]
            nxt = w[i + 1] if i + 1 < len(w) else ""
            if c == nxt and c not in _VOWELS:
                i += 1  # a double consonant is one sound
                continue
            if c == "c" and nxt in ("e", "i", "y"):
                phones.append("S")
            elif c == "g" and nxt in ("e", "i", "y"):
                phones.append("JH")
            elif c == "y" and i == 0:
                phones.append("Y")
            else:
                phones.extend(_LETTERS[c].split())
            i += 1
    return " ".join(phones) or "AH"
