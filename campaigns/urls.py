"""URLs of the campaigns app (SITE.md lists them all)."""

from django.urls import path

app_name = "campaigns"

urlpatterns: list = []
