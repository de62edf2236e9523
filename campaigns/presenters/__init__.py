"""Presenters: what a page shows, read from an engine's state (URLs, form
fields, button words). The engines decide; these say it on the page."""
