"""Rendering of printed documents (battle packs, the chronicle) to PDF."""
