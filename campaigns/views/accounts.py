"""Accounts: the login page says what the site is and how to get an account;
with ``SIGNUP_OPEN`` anyone may make one (SITE.md ``/accounts/signup/``). A
login locked out by django-axes (too many failures) is the same page, saying
so."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from campaigns.services.builders import user_make_builder


class SiteLoginView(LoginView):
    def get_context_data(self, **kwargs):
        return super().get_context_data(signup_open=settings.SIGNUP_OPEN, **kwargs)


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials=None
) -> HttpResponse:
    """django-axes' lockout response (``AXES_LOCKOUT_CALLABLE``): the login page,
    429, saying plainly that logins for this username from this address are
    paused and for how long. It says the same whether or not the username
    exists."""
    minutes = round(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    form = AuthenticationForm(request)
    context = {
        "form": form,
        "next": request.POST["next"] if "next" in request.POST else "",
        "signup_open": settings.SIGNUP_OPEN,
        "locked_out": True,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": minutes,
    }
    return render(request, "registration/login.html", context, status=429)


class SignupForm(UserCreationForm):
    """A username and a password twice; the rest is Django's own checks."""

    usable_password = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget = forms.TextInput(
            attrs={"autocomplete": "username", "autofocus": True}
        )


def signup(request: HttpRequest) -> HttpResponse:
    """A new account, logged in at once, who may build campaigns of their own;
    a 404 unless ``SIGNUP_OPEN`` is set."""
    if not settings.SIGNUP_OPEN:
        raise Http404("Sign-up is closed on this site.")
    if request.user.is_authenticated:
        return redirect("campaigns:home")
    form = SignupForm()
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            user_make_builder(user=user)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("campaigns:home")
    return render(request, "registration/signup.html", {"form": form})
