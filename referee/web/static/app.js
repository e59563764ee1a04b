// The players' page: draws the table the server pushes (Server-Sent Events).
// Everything is built with textContent: names and rulings are never parsed as HTML.
"use strict";
(function () {
  var Q = window.REFEREE_Q || "";
  var state = null;        // last payload: {view, problem, server_time}
  var offset = 0;          // server clock minus this phone's clock, in seconds
  var meKey = "referee-me";

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function $(id) { return document.getElementById(id); }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  function me() {
    try { return localStorage.getItem(meKey); } catch (e) { return null; }
  }
  function setMe(name) {
    try {
      if (me() === name) localStorage.removeItem(meKey); else localStorage.setItem(meKey, name);
    } catch (e) { /* private mode: highlight for this visit only */ }
    draw();
  }

  function clockText(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + pad(m) + ":" + pad(sec) : m + ":" + pad(sec);
  }

  function ordinal(n) {
    var s = ["th", "st", "nd", "rd"], v = n % 100;
    return n + (s[(v - 20) % 10] || s[v] || s[0]);
  }

  function buildings(d) {
    if (d.hotel) return "H";
    if (d.houses) return new Array(d.houses + 1).join("⌂");
    return "";
  }

  function playerCard(p, v) {
    var mine = me() === p.name;
    var card = el("article", "player" + (p.out ? " out" : "") + (p.turn ? " turn" : "") + (mine ? " me" : ""));
    card.dataset.player = p.name;
    var head = el("div", "phead");
    var name = el("button", "name", (p.turn ? "▶ " : "") + p.name);
    name.type = "button";
    name.title = "tap: this is me";
    name.addEventListener("click", function () { setMe(p.name); });
    head.appendChild(name);
    var cash = el("span", "cash", p.cash_text);
    head.appendChild(cash);
    card.appendChild(head);

    var facts = el("div", "facts");
    if (p.out) {
      facts.appendChild(el("span", "tag outtag", "out of the game"));
    } else {
      if (p.worth_text) {
        var w = "worth " + p.worth_text;
        if (p.rank) w += " · " + (p.tied ? "=" : "") + ordinal(p.rank);
        facts.appendChild(el("span", "worth", w));
      }
      if (p.jail) facts.appendChild(el("span", "tag jail", "in jail" + (p.jail_turns ? " · " + p.jail_turns + (p.jail_turns > 1 ? " tries" : " try") : "")));
      else if (p.square && v.turn.tracking) facts.appendChild(el("span", "square", "on " + p.square));
      if (p.jail_cards) facts.appendChild(el("span", "tag card", p.jail_cards + " get-out-of-jail card" + (p.jail_cards > 1 ? "s" : "")));
      if (p.skip_turns) facts.appendChild(el("span", "tag jail", "misses " + p.skip_turns + " turn" + (p.skip_turns > 1 ? "s" : "")));
    }
    card.appendChild(facts);
    p.owes.forEach(function (d) {
      card.appendChild(el("div", "owes", "owes " + d.amount_text + " to " + d.to + (d.reason ? " — " + d.reason : "")));
    });
    if (p.groups.length) {
      var gl = el("div", "groups");
      p.groups.forEach(function (g) {
        var row = el("div", "group" + (g.complete ? " complete" : ""));
        var sw = el("span", "swatch");
        if (g.colour) sw.style.background = g.colour;
        row.appendChild(sw);
        var gname = el("span", "gname", g.name + (g.complete ? " ✓" : " " + g.deeds.length + "/" + g.of));
        row.appendChild(gname);
        var ds = el("span", "deeds");
        g.deeds.forEach(function (d) {
          var dd = el("span", "deed" + (d.mortgaged ? " mortgaged" : ""), d.name);
          var b = buildings(d);
          if (b) dd.appendChild(el("b", d.hotel ? "hotel" : "houses", " " + b));
          if (d.mortgaged) dd.appendChild(el("i", "m", "mortgaged"));
          ds.appendChild(dd);
        });
        row.appendChild(ds);
        gl.appendChild(row);
      });
      card.appendChild(gl);
    }
    return card;
  }

  function standingsTable(st) {
    var tbl = el("table", "standings");
    st.rows.forEach(function (r) {
      var tr = el("tr", me() === r.player ? "me" : "");
      tr.appendChild(el("td", "rank", (r.tied ? "=" : "") + r.rank));
      tr.appendChild(el("td", "who", r.player));
      tr.appendChild(el("td", "amt", r.total_text));
      tbl.appendChild(tr);
    });
    return tbl;
  }

  function drawClock(v) {
    var box = $("clock");
    if (!v || !v.clock || v.ended) { box.hidden = true; return; }  // at the end, the final count says it
    box.hidden = false;
    var left = v.clock.ends - (Date.now() / 1000 + offset);
    clear(box);
    if (left <= 0 || v.clock.time_up) {
      box.className = "clock up";
      box.appendChild(el("span", "", "Time's up (" + v.clock.ends_text + ")"));
    } else {
      box.className = "clock" + (left < 300 ? " soon" : "");
      box.appendChild(el("span", "left", clockText(left)));
      box.appendChild(el("span", "until", " left · ends at " + v.clock.ends_text));
    }
  }

  function draw() {
    if (!state) return;
    var v = state.view;
    var prob = $("problem");
    if (state.problem) { prob.hidden = false; prob.textContent = state.problem; } else { prob.hidden = true; }
    if (!v) { clear($("players")); return; }
    meKey = "referee-me:" + (v.game_id || "");
    $("edition").textContent = v.ruleset.title;
    document.title = "referee — " + v.ruleset.id;

    drawClock(v);

    var ended = $("ended");
    clear(ended);
    if (v.ended) {
      ended.hidden = false;
      var what = v.end_reason === "time" ? "Time's up — the final count" : "Game over";
      if (v.winner) what += ": " + v.winner + " wins";
      else if (v.final && v.final.leaders.length === 1) what += ": " + v.final.leaders[0] + " wins";
      else if (v.final && v.final.leaders.length > 1) what += ": a tie";
      ended.appendChild(el("h2", "", what));
      if (v.final) {
        ended.appendChild(standingsTable(v.final));
        ended.appendChild(el("p", "how", v.final.title + (v.final.clause ? " — " + v.final.clause.cite : "")));
      }
    } else { ended.hidden = true; }

    var turn = $("turn");
    clear(turn);
    if (v.turn.tracking && (v.turn.current || v.turn.last_throw) && !v.ended) {
      turn.hidden = false;
      if (v.turn.current) turn.appendChild(el("div", "now", "▶ " + v.turn.current + (v.turn.again ? " throws again" : " to throw")));
      if (v.turn.last_throw) turn.appendChild(el("div", "throw", "last throw: " + v.turn.last_throw.text));
    } else { turn.hidden = true; }

    var pl = $("players");
    clear(pl);
    v.players.forEach(function (p) { pl.appendChild(playerCard(p, v)); });

    var debts = $("debts"), ul = debts.querySelector("ul");
    clear(ul);
    debts.hidden = !v.debts.length;
    v.debts.forEach(function (d) {
      ul.appendChild(el("li", "", d.from + " owes " + (d.to === "bank" ? "the bank" : d.to) + " " + d.amount_text + (d.reason ? " (" + d.reason + ")" : "")));
    });

    var bank = $("bank");
    clear(bank);
    bank.appendChild(el("span", "", "Bank: " + v.bank.houses + " houses, " + v.bank.hotels + " hotels"));
    if (v.bank.pot_text) bank.appendChild(el("span", "", " · Free Parking pot " + v.bank.pot_text));

    var ol = $("events").querySelector("ol");
    clear(ol);
    v.events.forEach(function (e) {
      var li = el("li", (e.undone ? "undone" : "") + (e.undo ? " undo" : ""));
      li.appendChild(el("span", "seq", "#" + e.seq));
      li.appendChild(el("span", "text", e.text));
      e.rulings.forEach(function (r) {
        var d = el("details", "ruling");
        d.appendChild(el("summary", "", r.title));
        if (r.text) d.appendChild(el("div", "rule", r.text));
        d.appendChild(el("div", "src", r.source + ", “" + r.section + "” (" + r.id + ")"));
        li.appendChild(d);
      });
      ol.appendChild(li);
    });
    $("updated").textContent = "move #" + v.seq;
  }

  function receive(text) {
    try { state = JSON.parse(text); } catch (e) { return; }
    if (state.server_time) offset = state.server_time - Date.now() / 1000;
    draw();
  }

  function connected(on) {
    var b = $("conn");
    b.textContent = on ? "live" : "disconnected — reconnecting…";
    b.className = "badge conn " + (on ? "on" : "off");
    document.body.classList.toggle("stale", !on);
  }

  function connect() {
    var es = new EventSource("/events" + Q);
    es.addEventListener("table", function (ev) { connected(true); receive(ev.data); });
    es.onopen = function () { connected(true); };
    es.onerror = function () {
      connected(false);
      // the browser retries by itself; if it gave up (closed), start again
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  var init = $("initial").textContent;
  if (init && init.charAt(0) === "{") receive(init);
  connect();
  setInterval(function () { if (state && state.view && state.view.clock) drawClock(state.view); }, 1000);
})();
