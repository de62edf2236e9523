"""The rules of RULES.md as pure Python: no Django, injected randomness, logged dice."""
