#!/usr/bin/env python3
"""Peer: read every card of a vCard file with Python's vobject, like a real reader would.

    python vobject_read.py FILE      prints: cards=<n> names=<n> emails=<n> seconds=<float>

seconds is the time spent reading and walking the cards (the interpreter's start-up and
the import of vobject are left out, as kith-bench leaves out its own start-up).
"""
import sys
import time

import vobject

path = sys.argv[1]
t0 = time.perf_counter()
cards = names = emails = 0
with open(path, encoding="utf-8", newline="") as f:
    for card in vobject.readComponents(f, allowQP=True, ignoreUnreadable=True):
        cards += 1
        if hasattr(card, "fn") and card.fn.value:
            names += 1
        if hasattr(card, "n"):
            card.n.value  # decoded structured name
        for line in card.contents.get("email", []):
            if line.value:
                emails += 1
        for line in card.contents.get("tel", []):
            line.value
seconds = time.perf_counter() - t0
print("cards=%d names=%d emails=%d seconds=%.6f" % (cards, names, emails, seconds))
