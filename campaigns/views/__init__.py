"""Thin views: form → service → redirect (or render). Access via the selector."""
