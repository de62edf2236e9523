"""Reads: the querysets and lookups the pages need (HackSoft selectors)."""
