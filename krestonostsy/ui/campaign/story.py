"""The campaign told in words: the briefing, the debrief and the chronicle reader share
these sentences (each a translatable template of ``messages.po``, filled with translated
names), rendered as small HTML documents for a ``QTextBrowser``.

Everything here is read from a :class:`~krestonostsy.campaign.Chronicle` and its chapters
(the replayed games, their places, qualities, nicknames, points and carry-overs): nothing
is decided here, only told.
"""
from __future__ import annotations

import re
from html import escape

from ...campaign.chronicle import Chapter, Chronicle
from ...campaign.data import CampaignData, ScenarioEntry, shipped_campaign
from ...campaign.errors import CHRONICLE_ERRORS, ChronicleError
from ...engine import SaveError
from ...i18n import N_, _, ngettext
from ..names import card_name, city_name, state_name
from ..os_errors import os_error_text
from ..saves import save_error_text
from ..scoring_screen import END_CONDITIONS, TIEBREAKS
from ..seat_kinds import seat_label

#: The new components a briefing names (one per kind of ``engine.components.COMPONENTS``).
COMPONENT_NAMES = {
    "trade_board": N_("The trade board: the tracks of Genoa, Pisa and Venice"),
    "oaths": N_("Oath cards"),
    "warlord": N_("The warlord and his cards"),
}


# --- a chronicle refused ---------------------------------------------------------------------

def chronicle_error_text(err: ChronicleError) -> str:
    """Why a chronicle is refused, in the player's language: the translated template of
    its key (the error underneath — a chapter's save refused, the system's reason — in
    the player's language too), then where the refused file was kept."""
    params = dict(err.params)
    titles = {e.id: scenario_title(e) for e in shipped_campaign().scenarios}
    for key in ("scenario", "found"):
        if key in params:
            params[key] = titles.get(params[key], params[key])
    if "state" in params:
        params["state"] = state_name(params["state"])
    if "detail" in params:
        cause = err.cause
        params["detail"] = (save_error_text(cause) if isinstance(cause, SaveError)
                            else os_error_text(cause, with_path=False)
                            if isinstance(cause, OSError) else str(params["detail"]))
    text = _(CHRONICLE_ERRORS[err.key]).format(**params)
    if err.file is None:
        return text
    if err.backup is not None:
        return text + " " + _("The file was kept as {name}.").format(name=err.backup)
    return text + " " + _("No copy of it could be made ({reason}).").format(
        reason=err.backup_problem)


# --- names -----------------------------------------------------------------------------------

def scenario_title(entry: ScenarioEntry) -> str:
    return _(entry.name)


def quality_text(data: CampaignData, quality: str) -> str:
    return _(data.quality_names.get(quality, quality))


def nickname_text(data: CampaignData, nickname_id: str) -> str:
    for n in data.nicknames:
        if n.id == nickname_id:
            return _(n.name)
    return nickname_id


def full_name(chronicle: Chronicle, state: str, chapters: int | None = None) -> str:
    """The state's name with the nicknames earned in the first ``chapters`` chapters
    (all by default): «Эдесса Смелый, Мудрый», "Edessa the Bold, the Wise"."""
    names = [nickname_text(chronicle.data, c.nickname_ids[state])
             for c in chronicle.chapters[:chapters]]
    if not names:
        return state_name(state)
    return _("{state} {nicknames}").format(state=state_name(state),
                                           nicknames=", ".join(names))


def component_text(kind: str) -> str:
    return _(COMPONENT_NAMES[kind]) if kind in COMPONENT_NAMES else kind.replace("_", " ")


def advantage_text(advantage: dict) -> str:
    """``{"coins": 3, "influence": 2}`` → "+3 coins, +2 influence"."""
    parts = []
    for key, n in advantage.items():
        if key == "coins":
            parts.append(ngettext("+{n} coin", "+{n} coins", n).format(n=n))
        elif key == "units":
            parts.append(ngettext("+{n} unit in the capital", "+{n} units in the capital",
                                  n).format(n=n))
        elif key == "sanctity":
            parts.append(ngettext("+{n} sanctity cell", "+{n} sanctity cells",
                                  n).format(n=n))
        elif key == "influence":
            parts.append(_("+{n} influence").format(n=n))
    return ", ".join(parts)


# --- the parts of a chapter ------------------------------------------------------------------

def carry_sentences(data: CampaignData, chapter: Chapter, state: str) -> list[str]:
    """What ``state`` carries from ``chapter`` into the next scenario (CAMP-05..08), one
    sentence each; empty when there is no next scenario to carry into."""
    if chapter.reasons is None:
        return []
    out = []
    for rule, detail in chapter.reasons.get(state, ()):
        if rule == "CAMP-05":
            nick = nickname_text(data, chapter.nickname_ids[state])
            out.append(_("the nickname «{nickname}»: {advantage}").format(
                nickname=nick, advantage=advantage_text(data.nickname_advantage[detail])))
        elif rule == "CAMP-06":
            out.append(ngettext("{city} kept as a fief, with {n} unit",
                                "{city} kept as a fief, with {n} units",
                                data.fief_units).format(city=city_name(detail),
                                                        n=data.fief_units))
        elif rule == "CAMP-07":
            out.append(ngettext("the capital was lost: {n} unit fewer in {city}",
                                "the capital was lost: {n} units fewer in {city}",
                                data.lost_capital_units).format(
                n=data.lost_capital_units, city=city_name(detail)))
        elif rule == "CAMP-08":
            out.append(_("the Pope's consolation for the last place: {advantage}").format(
                advantage=advantage_text(data.last_place)))
    return out


def cities_changed(chapter: Chapter, state: str) -> tuple[list[str], list[str]]:
    """The cities ``state`` took and lost during the scenario (its public log)."""
    taken, lost = [], []
    for key, params, _vis in chapter.game.log_for(None):
        if not isinstance(params, dict) or params.get("player") != state:
            continue
        if key == "city_gained":
            taken.append(city_name(params.get("city")))
        elif key == "city_lost":
            lost.append(city_name(params.get("city")))
    return taken, lost


def round_years(years: str, rounds: int) -> list[int] | None:
    """The year each round stands for, spread over the scenario's span ("1100–1109", 6
    rounds → 1100, 1102, 1104, 1105, 1107, 1109); None when the span is not two years."""
    found = [int(y) for y in re.findall(r"\d{3,4}", years or "")]
    if len(found) != 2 or rounds < 1 or found[1] < found[0]:
        return None
    first, last = found
    if rounds == 1:
        return [first]
    return [first + round(k * (last - first) / (rounds - 1)) for k in range(rounds)]


def _oath_broken(p: dict) -> str:
    x = p.get("player")
    other = p.get("lord") if x == p.get("vassal") else p.get("vassal")
    return _("{state} broke its oath to {other}.").format(state=state_name(x),
                                                          other=state_name(other))


#: The annals' sentence for each log entry told as it is (the battles, which need the
#: entries around them, are told in :func:`annals` itself).
ANNAL_SENTENCES = {
    "raid_captured": lambda p: _("A Saracen raid took {city} from {state}.").format(
        city=city_name(p.get("city")), state=state_name(p.get("player"))),
    "warlord_took": lambda p: _("The warlord took {city} from {state}.").format(
        city=city_name(p.get("city")), state=state_name(p.get("player"))),
    "city_fell": lambda p: _("{city} fell.").format(city=city_name(p.get("city"))),
    "capital_moved": lambda p: _("{state} made {city} its capital.").format(
        state=state_name(p.get("player")), city=city_name(p.get("city"))),
    "player_eliminated": lambda p: _("{state} lost its last city.").format(
        state=state_name(p.get("player"))),
    "oath_sworn": lambda p: _("{vassal} swore an oath to {lord}.").format(
        vassal=state_name(p.get("vassal")), lord=state_name(p.get("lord"))),
    "oath_broken": _oath_broken,
    "regent_named": lambda p: _("{regent} became the regent of {state}.").format(
        regent=state_name(p.get("regent")), state=state_name(p.get("player"))),
}


def annals(chapter: Chapter, years: str) -> list[str]:
    """The chapter year by year (the chronicle's annals): for each round, its year, the
    event drawn and what befell the cities — captures and failed assaults, raids that took
    a city, a capital moved, a state that lost its last city, the campaign's oaths, regents
    and warlord — or that the year was quiet. Read from the game's public log."""
    game = chapter.game
    rounds = game.rules.last_round
    lines: dict[int, list[str]] = {}
    events: dict[int, str] = {}
    rnd = 0
    battle: dict | None = None  # the battle in progress: its attacker, city and defender
    for key, params, _vis in game.log_for(None):
        if not isinstance(params, dict):
            continue
        said = None
        if key == "round_started":
            rnd = int(params.get("round") or 0)
            rounds = max(rounds, rnd)
            battle = None
        elif key == "event_revealed" and rnd not in events:
            events[rnd] = card_name(params.get("card"), game.c)
        elif key == "battle_started":
            battle = {"attacker": params.get("player"), "city": params.get("city"),
                      "defender": params.get("defender")}
        elif key == "city_gained":
            x, city = params.get("player"), params.get("city")
            if battle and city == battle["city"] and x == battle["attacker"]:
                frm = battle["defender"]
            else:  # not by a battle (a march into an empty city, a scenario's rule)
                frm = params.get("frm")
            if frm == "saracen":
                said = _("{state} took {city} from the Saracens.").format(
                    state=state_name(x), city=city_name(city))
            elif frm:
                said = _("{state} took {city} from {defender}.").format(
                    state=state_name(x), city=city_name(city), defender=state_name(frm))
            else:
                said = _("{state} took {city}.").format(state=state_name(x),
                                                        city=city_name(city))
        elif key == "battle_won" and battle and params.get("city") == battle["city"]:
            if params.get("player") != battle["attacker"] and battle["attacker"] != "saracen":
                said = _("{state} was beaten back at {city}.").format(
                    state=state_name(battle["attacker"]), city=city_name(battle["city"]))
        elif key in ANNAL_SENTENCES:
            said = ANNAL_SENTENCES[key](params)
        if said and rnd:
            lines.setdefault(rnd, []).append(said)
    year_of = round_years(years, rounds)
    out = []
    for r in range(1, rounds + 1):
        if r not in events and r not in lines:
            continue  # the era ended before this round
        when = (_("{year}, round {n}").format(year=year_of[r - 1], n=r) if year_of
                else _("Round {n}").format(n=r))
        said = ([_("The event: «{event}».").format(event=events[r])] if r in events else [])
        said += lines.get(r) or [_("A quiet year: no city changed hands.")]
        out.append(f"{when}. " + " ".join(said))
    return out


def how_it_ended(chapter: Chapter) -> str:
    result = chapter.game.result()
    conds = [_(END_CONDITIONS[c]) if c in END_CONDITIONS else str(c)
             for c in result.get("end_conditions") or ()]
    text = _("The game ended by: {conditions}.").format(conditions=", ".join(conds)) \
        if conds else ""
    tb = result.get("tiebreak")
    if tb in TIEBREAKS:
        text += " " + _(TIEBREAKS[tb])
    return text.strip()


def _p(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{text}</p>' if cls else f"<p>{text}</p>"


def _list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>" if items else ""


# --- the documents ---------------------------------------------------------------------------

def standings_html(chronicle: Chronicle) -> str:
    """The chronicle points so far, best first (CAMP-02), with the seats."""
    if not chronicle.chapters:
        return _p(escape(_("No scenario has been played yet.")))
    pts = chronicle.standings()
    order = sorted(chronicle.states, key=lambda x: -pts[x])
    rows = "".join(
        f"<tr><td>{i + 1}.</td><td><b>{escape(full_name(chronicle, x))}</b></td>"
        f"<td>{escape(seat_label(chronicle.seats[x]))}</td>"
        f"<td align='right'>{escape(ngettext('{n} point', '{n} points', pts[x]).format(n=pts[x]))}"
        "</td></tr>"
        for i, x in enumerate(order))
    return f"<table cellpadding='4'>{rows}</table>"


#: The reader's link to watch chapter N again: ``replay:N`` (0-based).
REPLAY_LINK = "replay:"


def chapter_html(chronicle: Chronicle, index: int) -> str:
    """Chapter ``index`` (0-based) as a story: who won and how, the cities taken and lost,
    the nicknames and why, the chronicle points, what carries over."""
    data = chronicle.data
    chapter = chronicle.chapters[index]
    entry = data.scenario(chapter.scenario)
    result = chapter.game.result()
    scores = result["scores"]
    out = [f"<h2>{escape(_('Chapter {n}. {scenario} ({years})').format(n=index + 1, scenario=scenario_title(entry), years=entry.years))}</h2>"]
    winner = result.get("winner")
    if winner:
        out.append(_p(escape(ngettext("{state} won with {n} point.",
                                      "{state} won with {n} points.",
                                      scores[winner]["total"]).format(
            state=state_name(winner), n=scores[winner]["total"])) + " "
            + escape(how_it_ended(chapter))))
    order = sorted(chronicle.states, key=lambda x: (chapter.places[x], x))
    out.append(_p(escape(_("The places: {places}.").format(places="; ".join(
        _("{place}. {state}: {n}").format(place=chapter.places[x], state=state_name(x),
                                                 n=scores[x]["total"]) for x in order)))))
    deeds = []
    for x in order:
        taken, lost = cities_changed(chapter, x)
        if taken:
            deeds.append(_("{state} took {cities}.").format(state=state_name(x),
                                                            cities=", ".join(taken)))
        if lost:
            deeds.append(_("{state} lost {cities}.").format(state=state_name(x),
                                                            cities=", ".join(lost)))
    out.append(_p(escape(" ".join(deeds) if deeds else
                         _("No city changed hands."))))
    years = annals(chapter, entry.years)
    if years:
        out.append(f"<h3>{escape(_('Year by year'))}</h3>")
        out.append(_list([escape(line) for line in years]))
    names = []
    for x in order:
        q = chapter.nicknames[x]
        names.append(_("{state} was named «{nickname}» for its {quality} ({value}).").format(
            state=state_name(x), nickname=nickname_text(data, chapter.nickname_ids[x]),
            quality=quality_text(data, q), value=chapter.qualities[x][q]))
    out.append(_p(escape(" ".join(names))))
    points = []
    for x in order:
        led = ", ".join(quality_text(data, q) for q in chapter.led[x])
        line = ngettext("{state}: {n} chronicle point", "{state}: {n} chronicle points",
                        chapter.points[x]).format(state=state_name(x), n=chapter.points[x])
        if led:
            line += " " + _("(led in {qualities})").format(qualities=led)
        points.append(line)
    out.append(_p(escape("; ".join(points) + ".")))
    carries = [(x, carry_sentences(data, chapter, x)) for x in order]
    if any(lines for _x, lines in carries):
        nxt = data.scenarios[index + 1]
        out.append(_p(escape(_("Into «{scenario}» they carry:").format(
            scenario=scenario_title(nxt)))))
        out.append(_list([f"<b>{escape(state_name(x))}</b>: {escape('; '.join(lines))}"
                          for x, lines in carries if lines]))
    return "".join(out)


def next_step_text(chronicle: Chronicle) -> str:
    """What comes after the chapters played: the next scenario, one not implemented yet,
    or the campaign's end and winner."""
    nxt = chronicle.next_scenario()
    if nxt is not None:
        return _("Next: «{scenario}» ({years}).").format(scenario=scenario_title(nxt),
                                                         years=nxt.years)
    missing = chronicle.missing()
    if missing:
        return _("The next scenario, «{scenario}», is not implemented in this version yet: "
                 "the campaign stops here until it is.").format(
            scenario=scenario_title(missing[0]))
    winner = chronicle.winner()
    if winner is None:
        return ""
    return _("The campaign is over. Its winner: {state}, with {n} chronicle points.").format(
        state=full_name(chronicle, winner), n=chronicle.standings()[winner])


def chronicle_html(chronicle: Chronicle) -> str:
    """The whole campaign so far, chapter by chapter, then the standings."""
    data = chronicle.data
    out = [f"<h1>{escape(chronicle.name)}</h1>",
           _p(escape(_("«{campaign}»: {states}.").format(
               campaign=_(data.name), states=", ".join(
                   f"{state_name(x)} ({seat_label(s)})" for x, s in chronicle.seats.items()))),
              "muted")]
    if not chronicle.chapters:
        out.append(_p(escape(_("The chronicle is still empty: the first scenario has not "
                               "been played to its end."))))
    for i in range(len(chronicle.chapters)):
        out.append(chapter_html(chronicle, i))
        out.append(_p(f'<a href="{REPLAY_LINK}{i}">▶ '
                      f'{escape(_("Watch this chapter again, move by move"))}</a>'))
    out.append(f"<h2>{escape(_('Standings'))}</h2>")
    out.append(standings_html(chronicle))
    step = next_step_text(chronicle)
    if step:
        out.append(_p(f"<b>{escape(step)}</b>"))
    return "".join(out)


def debrief_html(chronicle: Chronicle, index: int) -> str:
    """The debrief of chapter ``index``: the result table, the nicknames with the quality
    that earned them, what carries over, the standings and what comes next."""
    data = chronicle.data
    chapter = chronicle.chapters[index]
    entry = data.scenario(chapter.scenario)
    scores = chapter.game.result()["scores"]
    order = sorted(chronicle.states, key=lambda x: (chapter.places[x], x))
    head = (f"<tr><th>{escape(_('Place'))}</th><th>{escape(_('State'))}</th>"
            f"<th>{escape(_('Score'))}</th><th>{escape(_('Chronicle points'))}</th>"
            f"<th>{escape(_('Nickname'))}</th><th>{escape(_('Carries over'))}</th></tr>")
    rows = []
    for x in order:
        q = chapter.nicknames[x]
        nick = _("«{nickname}» — {quality} {value}").format(
            nickname=nickname_text(data, chapter.nickname_ids[x]),
            quality=quality_text(data, q), value=chapter.qualities[x][q])
        led = ", ".join(quality_text(data, lq) for lq in chapter.led[x])
        pts = str(chapter.points[x]) + (" " + _("(led in {qualities})").format(
            qualities=led) if led else "")
        carry = "; ".join(carry_sentences(data, chapter, x)) or "—"
        rows.append(f"<tr><td align='center'>{chapter.places[x]}</td>"
                    f"<td><b>{escape(state_name(x))}</b><br/>"
                    f"<span class='muted'>{escape(seat_label(chronicle.seats[x]))}</span></td>"
                    f"<td align='center'>{scores[x]['total']}</td>"
                    f"<td>{escape(pts)}</td><td>{escape(nick)}</td>"
                    f"<td>{escape(carry)}</td></tr>")
    out = [f"<h1>{escape(_('Debrief: {scenario}').format(scenario=scenario_title(entry)))}</h1>",
           _p(escape(f"{entry.years} · " + how_it_ended(chapter)), "muted"),
           f"<table class='grid' cellpadding='6' cellspacing='0' width='100%'>{head}"
           + "".join(rows) + "</table>",
           f"<h2>{escape(_('Standings'))}</h2>", standings_html(chronicle)]
    step = next_step_text(chronicle) if index == len(chronicle.chapters) - 1 else ""
    if step:
        out.append(_p(f"<b>{escape(step)}</b>"))
    return "".join(out)


def briefing_html(chronicle: Chronicle, entry: ScenarioEntry, rule_ids: bool = False) -> str:
    """The briefing of ``entry`` (the next scenario): story, special rules, new
    components, and what each state brings into it from the chronicle. ``rule_ids``: each
    special rule names its IDs (CAMP-S1-01), for checking the rules (Settings.show_rule_ids)."""
    data = chronicle.data
    index = [e.id for e in data.scenarios].index(entry.id)
    out = [f"<h1>{escape(scenario_title(entry))}</h1>",
           _p(escape(_("Scenario {n} of {total} · {years}").format(
               n=index + 1, total=len(data.scenarios), years=entry.years)), "muted"),
           _p(f"<i>{escape(_(entry.briefing))}</i>")]
    out.append(f"<h2>{escape(_('Special rules'))}</h2>")
    out.append(_list([f"<b>{escape(_(r.title))}.</b> {escape(_(r.text))}"
                      + (f" <span class='muted'>({escape(', '.join(r.rules))})</span>"
                         if rule_ids else "")
                      for r in entry.special_rules]))
    out.append(f"<h2>{escape(_('New components'))}</h2>")
    out.append(_list([escape(component_text(k)) for k in entry.components])
               if entry.components else _p(escape(_("None: the base game's components."))))
    out.append(f"<h2>{escape(_('The states'))}</h2>")
    last = chronicle.chapters[index - 1] if 0 < index <= len(chronicle.chapters) else None
    lines = []
    for x, seat in chronicle.seats.items():
        what = carry_sentences(data, last, x) if last is not None else []
        text = f"<b>{escape(full_name(chronicle, x, index))}</b> ({escape(seat_label(seat))})"
        if what:
            text += ": " + escape("; ".join(what))
        lines.append(text)
    out.append(_list(lines))
    if last is None:
        out.append(_p(escape(_("The chronicle begins here: nobody carries anything over "
                               "yet.")), "muted"))
    return "".join(out)

