"""Writes: every change to a campaign goes through a service (HackSoft services)."""
