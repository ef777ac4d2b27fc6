"""Playing whole games under a compiled variant: `remikc simulate`.

`play` runs games between bots with the generated module's referee and checks
the invariants after every action; `stats` and `report` turn the games into
what a house-rule author asks about (length, stalemates, seat advantage).
"""
