"""What a club admin does in the admin, as browser steps: log in, fill a row of
an inline table, pick from an autocomplete box."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Visit

ADMIN_PASSWORD = "club-admin-pw-4417"


def admin_log_in(visit: Visit, username: str = "clubadmin") -> None:
    page = visit.page
    page.goto(visit.url("/admin/"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Set up campaigns")).to_be_visible()


def fill_row(page: Page, prefix: str, number: int, **values: object) -> None:
    """Fill the inline row ``prefix-number``: text and numbers typed, choices
    selected by value, ticks ticked."""
    for name, value in values.items():
        field = page.locator(f'[name="{prefix}-{number}-{name}"]')
        kind = field.evaluate("e => e.tagName + ':' + (e.type || '')")
        if kind.startswith("SELECT"):
            field.select_option(str(value))
        elif kind.endswith(":checkbox"):
            field.set_checked(bool(value))
        else:
            field.fill(str(value))


def pick(page: Page, name: str, text: str) -> None:
    """Choose ``text`` in the autocomplete box of the field ``name``."""
    select = page.locator(f'select[name="{name}"]')
    box = select.locator(
        "xpath=following-sibling::span[contains(@class, 'select2')][1]"
    )
    inline_search = box.locator(".select2-search--inline .select2-search__field")
    if inline_search.count():
        # A box of several choices: click its own search field, not a chosen
        # one (whose "×" would remove it).
        inline_search.click()
        search = inline_search
    else:
        box.click()
        search = page.locator(".select2-container--open .select2-search__field").first
    search.fill(text)
    option = page.locator(
        ".select2-results__option:not(.loading-results)", has_text=text
    ).first
    expect(option).to_be_visible()
    option.click()
    expect(select.locator("option:checked", has_text=text)).to_have_count(1)


def messages(page: Page) -> list[str]:
    return page.locator("ul.messagelist li").all_inner_texts()


def errors(page: Page) -> list[str]:
    return page.locator(".errorlist li, .errornote").all_inner_texts()
