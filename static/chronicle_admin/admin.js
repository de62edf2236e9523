'use strict';
/*
 * The campaigns admin: fields that apply only to some choices, and autocomplete
 * boxes filtered to the page's campaign or to the company of their own row.
 * Everything here is a convenience: the server checks and clears the same.
 */
// Run once every script has loaded: Django's media merging may place this
// file before jQuery's admin namespace or select2.
window.addEventListener('DOMContentLoaded', () => {
    const $ = django.jQuery;

    // --- which fields apply --------------------------------------------------
    // field: [the field it depends on, whether it applies for that value].
    // Fields are matched by name within their own form or inline row.
    const fixed = (v) => v === 'fixed';
    const is = (wanted) => (v) => v === wanted;
    const RULES = {
        parent: ['kind', is('sub_scene')],
        fixed_scenario: ['scenario_mode', fixed],
        fixed_player_role: ['scenario_mode', fixed],
        custom_scenario_name: ['scenario_mode', fixed],
        custom_scenario_setup: ['scenario_mode', fixed],
        battle_length: ['scenario_mode', fixed],
        scores_victory_points: ['scenario_mode', fixed],
        castle_nearby: ['scenario_mode', (v) => v !== 'fixed'],
        deployment_depth: ['deployment', is('edge')],
        deployment_radius: ['deployment', is('centre')],
        zone_x: ['deployment', is('rectangle')],
        zone_y: ['deployment', is('rectangle')],
        zone_width: ['deployment', is('rectangle')],
        zone_depth: ['deployment', is('rectangle')],
        deployment_distance: ['deployment', is('anywhere')],
        entry_edge_dealt: ['arrives_in_round', (v) => v !== ''],
        doctrine_override: ['@side', is('ai')],
        notes: ['@side', is('ai')],
        width: ['shape', is('rectangle')],
        depth: ['shape', is('rectangle')],
        radius: ['shape', is('circle')],
    };

    // A scene order shows only the fields its kind needs (the server clears the
    // others: campaigns/models/orders.py KIND_FIELDS).
    const PLACE = ['place_kind', 'place_character', 'place_objective', 'place_feature', 'edge', 'x', 'y'];
    const ORDER_FIELDS = {
        hunt: ['target_kind', 'target_character', 'target_objective', 'target_company',
            'shooting_only', 'out_of_sight', 'attack_modifier'],
        no_enemy_in_sight: PLACE,
        keep_out: ['place_kind', 'place_feature', 'edge', 'inches', 'except_feature'],
        stay_within: ['inches'].concat(PLACE),
        ignore_terrain: [],
        shun: ['shunned', 'condition'],
        rout_toward: ['edge'],
        each_round: ['moment', 'round', 'condition', 'attack_bonus', 'victim',
            'target_character', 'target_company', 'effect', 'gate'],
    };
    const ORDER_COMMON = ['kind', 'characters', 'from_round', 'until_round', 'DELETE', 'id',
        'scene_company', 'order'];
    const PLACE_OF = {
        place_character: 'character', place_objective: 'objective',
        place_feature: 'feature', x: 'point', y: 'point',
    };
    const HUNTED = {character: 'target_character', carrier: 'target_objective', company: 'target_company'};

    function orderUses(form, prefix, field) {
        const kind = valueOf(form, prefix, 'kind');
        if (ORDER_COMMON.includes(field)) {
            return true;
        }
        if (!(ORDER_FIELDS[kind] || []).includes(field)) {
            return false;
        }
        const place = valueOf(form, prefix, 'place_kind');
        if (field in PLACE_OF) {
            return place === PLACE_OF[field];
        }
        if (field === 'edge' && kind !== 'rout_toward') {
            return place === 'edge';
        }
        if (kind === 'hunt' && field.startsWith('target_') && field !== 'target_kind') {
            return HUNTED[valueOf(form, prefix, 'target_kind') || 'character'] === field;
        }
        if (kind === 'each_round' && (field === 'target_character' || field === 'target_company')) {
            return (field === 'target_company') === (valueOf(form, prefix, 'victim') === 'dealt');
        }
        return true;
    }

    // A way to win's condition shows only the fields its kind needs (the server
    // clears the others: campaigns/models/victory.py KIND_FIELDS).
    const CONDITION_FIELDS = {
        leave: ['character', 'company', 'count', 'half', 'edge', 'feature', 'objective'],
        carry_off: ['objective', 'edge', 'side'],
        fell: ['character', 'company'],
        hold: ['objective', 'side', 'character', 'when', 'round'],
        hold_out: ['side', 'character'],
        rout: ['side', 'company'],
    };
    const CONDITION_COMMON = ['kind', 'negated', 'order', 'DELETE', 'id', 'way'];

    function conditionUses(form, prefix, field) {
        if (CONDITION_COMMON.includes(field)) {
            return true;
        }
        const kind = valueOf(form, prefix, 'kind');
        if (!(CONDITION_FIELDS[kind] || []).includes(field)) {
            return false;
        }
        return field !== 'round' || valueOf(form, prefix, 'when') === 'round';
    }

    function split(name) {
        const at = name.lastIndexOf('-');
        return [name.slice(0, at + 1), name.slice(at + 1)];
    }

    function valueOf(form, prefix, field) {
        if (field === '@side') {
            // A scene company's side: its own, else its company's usual side.
            const side = form.elements[prefix + 'side'];
            if (side && side.value) {
                return side.value;
            }
            const company = form.elements[prefix + 'company'];
            const option = company && company.selectedOptions[0];
            return option ? (option.dataset.side || '') : '';
        }
        const element = form.elements[prefix + field];
        return element ? element.value : '';
    }

    function box(element) {
        const cell = element.closest('td');
        if (cell) {
            return cell;
        }
        const inLine = element.closest('.fieldBox');
        if (inLine) {
            return inLine.parentElement;
        }
        return element.closest('.form-row');
    }

    // A sanctuary or a larger battle is not fought: nothing stands on its table.
    const TABLE_GROUPS = ['scene_companies-group', 'objectives-group', 'features-group'];
    const NOT_FOUGHT = ['sanctuary', 'larger_battle'];

    function labelUsualSides(form) {
        // "Its usual side (AI)": the side a scene company takes unless changed.
        for (const side of form.querySelectorAll('select[name$="-side"]')) {
            const [prefix] = split(side.name);
            const company = form.elements[prefix + 'company'];
            const blank = side.options[0];
            if (!company || !company.selectedOptions || !blank || blank.value !== '') {
                continue;
            }
            const option = company.selectedOptions[0];
            const usual = option ? option.dataset.side : '';
            const words = {ai: 'AI', player: 'Player'}[usual];
            blank.textContent = words ? 'Its usual side (' + words + ')' : 'Its usual side';
        }
    }

    function applyRules(form) {
        labelUsualSides(form);
        const doctrine = form.elements.default_doctrine;
        const characters = document.getElementById('characters-group');
        if (doctrine && characters) {
            characters.classList.toggle('chronicle-no-horde', doctrine.value !== 'horde');
        }
        const kind = form.elements.kind;
        if (kind) {
            for (const id of TABLE_GROUPS) {
                const group = document.getElementById(id);
                if (group) {
                    group.classList.toggle('chronicle-off', NOT_FOUGHT.includes(kind.value));
                }
            }
        }
        for (const element of form.querySelectorAll('input[name], select[name], textarea[name]')) {
            if (element.name.includes('__prefix__')) {
                continue;
            }
            const [prefix, field] = split(element.name);
            if (prefix.startsWith('orders-')) {
                const cell = box(element);
                if (cell) {
                    cell.classList.toggle('chronicle-off', !orderUses(form, prefix, field));
                }
                continue;
            }
            if (prefix.startsWith('conditions-')) {
                const cell = box(element);
                if (cell) {
                    cell.classList.toggle('chronicle-off', !conditionUses(form, prefix, field));
                }
                continue;
            }
            const rule = RULES[field];
            if (!rule || (rule[0] === '@side' && !prefix)) {
                // A side rule is for the scene page's company rows only.
                continue;
            }
            const container = box(element);
            if (container) {
                const applies = rule[1](valueOf(form, prefix, rule[0]));
                container.classList.toggle('chronicle-off', !applies);
            }
        }
        // A group whose every field is off goes too (the robot's orders of a
        // player company).
        for (const fieldset of form.querySelectorAll('.inline-related fieldset.module')) {
            const rows = fieldset.querySelectorAll('.form-row');
            const off = fieldset.querySelectorAll('.form-row.chronicle-off');
            fieldset.classList.toggle('chronicle-off', rows.length > 0 && rows.length === off.length);
        }
    }

    // --- autocomplete boxes with a scope -----------------------------------------
    function scopeOf(element) {
        const scope = JSON.parse(element.dataset.scope || '{}');
        const rowField = element.dataset.rowScope;
        if (rowField) {
            const [prefix] = split(element.name);
            const other = element.form.elements[prefix + rowField];
            scope[rowField] = other ? other.value : '';
        }
        return scope;
    }

    $.fn.chronicleSelect2 = function() {
        $.each(this, function(i, element) {
            $(element).select2({
                ajax: {
                    data: (params) => Object.assign({
                        term: params.term,
                        page: params.page,
                        app_label: element.dataset.appLabel,
                        model_name: element.dataset.modelName,
                        field_name: element.dataset.fieldName
                    }, scopeOf(element))
                }
            });
        });
        return this;
    };

    function clearRowScoped(changed) {
        // A row's company changed: the characters picked for it no longer fit.
        const [prefix, field] = split(changed.name);
        for (const element of changed.form.querySelectorAll('[data-row-scope="' + field + '"]')) {
            if (element.name.startsWith(prefix)) {
                $(element).val(null).trigger('change');
            }
        }
    }

    document.addEventListener('formset:added', (event) => {
        $(event.target).find('.chronicle-autocomplete').chronicleSelect2();
        const form = event.target.closest('form');
        if (form) {
            applyRules(form);
        }
    });

    $('.chronicle-autocomplete').not('[name*=__prefix__]').chronicleSelect2();
    const form = document.querySelector('#content-main form[id$="_form"]');
    if (form) {
        applyRules(form);
        form.addEventListener('change', (event) => {
            if (event.target.name && split(event.target.name)[1] === 'company') {
                clearRowScoped(event.target);
            }
            applyRules(form);
        });
        form.addEventListener('input', () => applyRules(form));
    }
});
