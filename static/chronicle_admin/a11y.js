'use strict';
/*
 * Names for the admin's select2 boxes (autocomplete fields), on every admin
 * page (issue 26 part 6). Select2 hides the real <select> and draws its own
 * box, whose combobox is named only by the value chosen (nothing, while
 * empty) and whose search field has no name: each is given the name of its
 * <select> (its own aria-label, or its <label>'s words). Select2's "remove
 * all" cross, a mouse-only shortcut it draws inside the list of choices, is
 * hidden from screen readers (Backspace does the same from the keyboard).
 * Select2 draws boxes when the page loads, when a row is added and whenever a
 * choice changes: a MutationObserver names them each time.
 *
 * A tabular inline's fields are named by their column and row on the server
 * (templates/admin/edit_inline/tabular.html): "Name (new character)" in the
 * hidden row that "Add another" copies. A row added is numbered like the
 * others, "Name (character 3)", and numbered afresh when one is removed.
 */
(() => {
    function nameOf(select) {
        const own = select.getAttribute('aria-label');
        if (own) {
            return own;
        }
        const label = select.id && document.querySelector('label[for="' + CSS.escape(select.id) + '"]');
        return label ? label.textContent.trim().replace(/:$/, '') : '';
    }

    function name(element, words) {
        if (element && words && element.getAttribute('aria-label') !== words) {
            element.setAttribute('aria-label', words);
            // Select2 names its box by the value chosen: by the field's name
            // instead (the value is the text box's, inside it).
            element.removeAttribute('aria-labelledby');
        }
    }

    function nameBoxes() {
        for (const select of document.querySelectorAll('select.select2-hidden-accessible')) {
            const box = select.nextElementSibling;
            if (!box || !box.classList.contains('select2')) {
                continue;
            }
            const words = nameOf(select);
            name(box.querySelector('.select2-selection[role="combobox"]'), words);
            // A single choice's value, shown as a read-only text box.
            name(box.querySelector('.select2-selection__rendered[role="textbox"]'), words);
            name(box.querySelector('.select2-search__field'), words && 'Search: ' + words);
            const clear = box.querySelector('.select2-selection__clear');
            if (clear) {
                clear.setAttribute('aria-hidden', 'true');
            }
        }
        // An open single-choice box's search field, in its dropdown.
        for (const search of document.querySelectorAll('.select2-dropdown .select2-search__field:not([aria-label])')) {
            search.setAttribute('aria-label', 'Search');
        }
    }

    function numberRow(row) {
        const number = Number(row.id.split('-').pop()) + 1;
        if (!Number.isInteger(number)) {
            return;
        }
        for (const field of row.querySelectorAll('[aria-label$=")"]')) {
            const words = field.getAttribute('aria-label')
                .replace(/\((?:new )?([^()]+?)(?: \d+)?\)$/, '($1 ' + number + ')');
            field.setAttribute('aria-label', words);
        }
    }

    document.addEventListener('formset:added', (event) => numberRow(event.target));
    // Django numbers the rows after a removed one afresh, once this event's
    // handlers have run: they are named afresh after that.
    document.addEventListener('formset:removed', (event) => {
        const prefix = event.detail.formsetName;
        queueMicrotask(() => {
            for (const row of document.querySelectorAll('.dynamic-' + CSS.escape(prefix))) {
                numberRow(row);
            }
        });
    });

    let pending = false;
    const observer = new MutationObserver(() => {
        if (!pending) {
            pending = true;
            queueMicrotask(() => {
                pending = false;
                nameBoxes();
            });
        }
    });
    window.addEventListener('DOMContentLoaded', () => {
        nameBoxes();
        observer.observe(document.body, {childList: true, subtree: true});
    });
})();
