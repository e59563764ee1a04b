// The players' page: draws the table the server pushes (Server-Sent Events).
// Everything is built with textContent: names and rulings are never parsed as HTML.
"use strict";
(function () {
  var Q = document.getElementById("initial").getAttribute("data-q") || "";  // the link's ?token=…, from the server (no inline script: the CSP forbids it)
  var state = null;        // last payload: {view, problem, server_time}
  var offset = 0;          // server clock minus this phone's clock, in seconds
  var meKey = "referee-me";
  var initial = document.getElementById("initial");
  // A seat's link (?seat=…) acts for its player. Its key leaves the address bar at once (a screenshot, a shared
  // link or the history hands over no seat): it is kept in this phone's storage and sent in a header.
  var SEAT_KEY = "referee-seat";
  var seat = null, mySeat = null, myRole = null;
  (function () {
    var m = /[?&]seat=([A-Za-z0-9_-]+)/.exec(location.search);
    try {
      if (m) { seat = m[1]; localStorage.setItem(SEAT_KEY, seat); } else { seat = localStorage.getItem(SEAT_KEY); }
    } catch (e) { if (m) seat = m[1]; }
    if (m && history.replaceState) history.replaceState(null, "", initial.getAttribute("data-home") || "/");
  })();

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  // the page's words come translated from the server (state.labels); English when a key is missing
  function L(key, en, fields) {
    var t = (state && state.labels && state.labels[key]) || en;
    if (fields) t = euphonic(t, fields);
    if (fields) Object.keys(fields).forEach(function (k) { t = t.split("{" + k + "}").join(fields[k]); });
    return t;
  }
  // a short word before a filled-in name in the form the language wants for it (state.euphony, from the server's
  // i18n.EUPHONY: Italian "a {creditor}" with Anna reads "ad Anna"), as the server's own lines say it
  function euphonic(t, fields) {
    var rule = state && state.euphony;
    if (!rule) return t;
    Object.keys(fields).forEach(function (k) {
      var v = String(fields[k] === undefined || fields[k] === null ? "" : fields[k]);
      Object.keys(rule).forEach(function (w) {
        if (!v || rule[w][1].indexOf(v.charAt(0)) < 0) return;
        [[w, rule[w][0]], [w.charAt(0).toUpperCase() + w.slice(1), rule[w][0].charAt(0).toUpperCase() + rule[w][0].slice(1)]].forEach(function (pair) {
          t = t.replace(new RegExp("(^|[^\\w\\u00C0-\\u024F'\\u2019])" + pair[0] + " \\{" + k + "\\}", "g"), "$1" + pair[1] + " {" + k + "}");
        });
      });
    });
    return t;
  }
  function $(id) { return document.getElementById(id); }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  function me() {
    if (mySeat) return mySeat;  // a player's own link: this phone is theirs
    try { return localStorage.getItem(meKey); } catch (e) { return null; }
  }

  // ---------------------------------------------------------------- moves from this phone
  function newId() {
    var a = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  var busy = false;
  function notice(text, kind) {
    var n = $("notice");
    n.hidden = !text;
    n.className = "notice " + (kind || "");
    n.textContent = text || "";
  }
  // one move, one id: a retry after a dropped connection sends the same id, so the table records it once
  function post(body, tries, route) {
    route = route || "/api/move";
    busy = true;
    draw();
    fetch(route + Q, {method: "POST", cache: "no-store", headers: {"Content-Type": "application/json", "X-Referee-Seat": seat},
                            body: JSON.stringify(body)})
      .then(function (r) { return r.json().then(function (d) { return [r.status, d]; }); })
      .then(function (x) {
        busy = false;
        var d = x[1];
        if (d.ok) notice(d.text || L("done", "done"), "ok");
        else if (d.stale) notice(L("stale", "The table changed: look again, then tap."), "warn");
        else if (d.refused) notice(d.refused + (d.rule ? " — " + d.rule : "") + (d.source ? " (" + d.source + ")" : ""), "no");
        else notice(d.error || String(x[0]), "no");
        draw();
      }, function () {
        if (tries < 3) { setTimeout(function () { post(body, tries + 1, route); }, 700 * (tries + 1)); return; }
        busy = false;
        notice(L("no_answer", "No answer from the banker's computer: try again."), "no");
        draw();
      });
  }
  function send(move) {
    if (!seat || busy) return;
    post({id: newId(), seen: state && state.view ? state.view.seq : null, kind: move.kind, fields: move.fields}, 0);
  }
  function moveButton(label, move, cls) {
    var b = el("button", "act" + (cls ? " " + cls : ""), label);
    b.type = "button";
    b.disabled = busy;
    b.addEventListener("click", function () { send(move); });
    return b;
  }
  function answerOffer(n, answer) {
    if (!seat || busy) return;
    post({id: newId(), offer: n, answer: answer}, 0, "/api/offer");
  }

  // a trade offered from this phone: the other player, what each gives; the other phone says yes or no
  var tradeWith = null, tradeBox = null, bidDraft = null;
  function tradePanel(p, v) {
    // while an offer is being written, the table may update: the same form stays, ticks and amounts kept
    if (tradeWith && tradeBox && tradeBox.dataset.with === tradeWith) return tradeBox;
    var box = el("div", "trade");
    tradeBox = box;
    box.dataset.with = tradeWith || "";
    if (!tradeWith) {
      box.appendChild(el("div", "tlabel", L("trade_with", "Propose a trade to:")));
      v.players.forEach(function (o) {
        if (o.name === p.name || o.out) return;
        var b = el("button", "act small", o.name);
        b.type = "button";
        b.addEventListener("click", function () { tradeWith = o.name; draw(); });
        box.appendChild(b);
      });
      return box;
    }
    var other = v.players.filter(function (o) { return o.name === tradeWith; })[0];
    if (!other) { tradeWith = null; return box; }
    function side(owner, title, key) {
      var fs = el("fieldset", "tside");
      fs.appendChild(el("legend", "", title));
      owner.groups.forEach(function (g) {
        g.deeds.forEach(function (d) {
          var lab = el("label", "tdeed");
          var cb = el("input");
          cb.type = "checkbox";
          cb.value = d.name;
          cb.dataset.side = key;
          lab.appendChild(cb);
          lab.appendChild(document.createTextNode(" " + d.name));
          fs.appendChild(lab);
        });
      });
      var cash = el("input", "tcash");
      cash.type = "number"; cash.min = "0"; cash.inputMode = "numeric"; cash.dataset.side = key;
      cash.setAttribute("aria-label", L("cash", "cash"));
      cash.placeholder = L("cash", "cash");
      fs.appendChild(cash);
      return fs;
    }
    box.appendChild(side(p, L("you_give", "You give"), "a"));
    box.appendChild(side(other, L("you_get", "{player} gives", {player: other.name}), "b"));
    var send_ = el("button", "act", L("send_offer", "Send the offer"));
    send_.type = "button";
    send_.addEventListener("click", function () {
      var sides = {a: {cash: 0, deeds: [], jail_cards: []}, b: {cash: 0, deeds: [], jail_cards: []}};
      box.querySelectorAll("input[type=checkbox]").forEach(function (cb) { if (cb.checked) sides[cb.dataset.side].deeds.push(cb.value); });
      box.querySelectorAll("input.tcash").forEach(function (c) { sides[c.dataset.side].cash = parseInt(c.value || "0", 10) || 0; });
      tradeWith = null;
      send({kind: "trade", fields: {a: p.name, b: other.name, a_gives: sides.a, b_gives: sides.b}});
    });
    var cancel = el("button", "act small", L("cancel", "Cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", function () { tradeWith = null; draw(); });
    box.appendChild(send_);
    box.appendChild(cancel);
    return box;
  }

  function whoAmI() {
    if (!seat) return;
    fetch("/api/me" + Q, {cache: "no-store", headers: {"X-Referee-Seat": seat}})
      .then(function (r) { return r.json(); })
      .then(function (d) { mySeat = d.seat || null; myRole = d.role || null; draw(); }, function () {});
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
    if (state && state.lang && state.lang !== "en" && state.labels && state.labels.rank) return L("rank", "", {n: n});
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
    name.title = L("tap_me", "tap: this is me");
    name.addEventListener("click", function () { setMe(p.name); });
    head.appendChild(name);
    var cash = el("span", "cash", p.cash_text);
    head.appendChild(cash);
    card.appendChild(head);

    var facts = el("div", "facts");
    if (p.out) {
      facts.appendChild(el("span", "tag outtag", L("out", "out of the game")));
    } else {
      if (p.worth_text) {
        var w = L("worth", "worth {amount}", {amount: p.worth_text});
        if (p.rank) w += " · " + (p.tied ? "=" : "") + ordinal(p.rank);
        facts.appendChild(el("span", "worth", w));
      }
      if (p.jail) facts.appendChild(el("span", "tag jail", L("in_jail", "in jail") + (p.jail_turns ? " · " + (p.jail_turns > 1 ? L("tries", "{n} tries", {n: p.jail_turns}) : L("try", "{n} try", {n: p.jail_turns})) : "")));
      else if (p.square && v.turn.tracking) facts.appendChild(el("span", "square", L("on", "on {square}", {square: p.square})));
      if (p.jail_cards) facts.appendChild(el("span", "tag card", p.jail_cards > 1 ? L("jail_cards", "{n} get-out-of-jail cards", {n: p.jail_cards}) : L("jail_card", "{n} get-out-of-jail card", {n: p.jail_cards})));
      if (p.skip_turns) facts.appendChild(el("span", "tag jail", p.skip_turns > 1 ? L("misses_n", "misses {n} turns", {n: p.skip_turns}) : L("misses", "misses {n} turn", {n: p.skip_turns})));
    }
    card.appendChild(facts);
    p.owes.forEach(function (d) {
      card.appendChild(el("div", "owes", L("owes_to", "owes {amount} to {player}", {amount: d.amount_text, player: d.to === "bank" ? L("the_bank", "the bank") : d.to}) + (d.reason ? " — " + d.reason : "")));
    });
    var acts = mine && mySeat === p.name || myRole === "banker";
    if (acts && p.settle) card.appendChild(moveButton(p.settle.label, p.settle, "pay"));
    if (acts && !p.out && p.jail) {  // out of jail: the fine, or a card kept for it (the rules say when)
      card.appendChild(moveButton(L("pay_fine", "Pay the fine"), {kind: "jail.pay", fields: {player: p.name}}));
      if (p.jail_cards) card.appendChild(moveButton(L("use_card", "Use the jail card"), {kind: "jail.card", fields: {player: p.name}}));
    }
    if (acts && !p.out && mySeat === p.name) card.appendChild(tradePanel(p, v));
    if (acts && p.owes.length) {  // to whom the assets go, the engine says
      var out = moveButton(L("go_bankrupt", "Declare bankruptcy"), {kind: "bankrupt", fields: {player: p.name}}, "pay");
      out.addEventListener("click", function (ev) {
        if (!window.confirm(L("sure_bankrupt", "Leave the game: everything you own goes to your creditor?"))) ev.stopImmediatePropagation();
      }, true);
      card.appendChild(out);
    }
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
          if (d.mortgaged) dd.appendChild(el("i", "m", L("mortgaged", "mortgaged")));
          if (acts && !p.out) {  // the owner's own moves on a deed; the rules say yes or no, with the clause
            if (g.complete && !d.mortgaged && !d.hotel) dd.appendChild(moveButton(L("build", "Build"), {kind: "build", fields: {deed: d.name}}, "small"));
            if (b) dd.appendChild(moveButton(L("sell_one", "Sell one"), {kind: "sell", fields: {deed: d.name}}, "small"));
            else dd.appendChild(d.mortgaged ? moveButton(L("lift", "Lift the mortgage"), {kind: "unmortgage", fields: {deed: d.name}}, "small")
                                            : moveButton(L("mortgage", "Mortgage"), {kind: "mortgage", fields: {deed: d.name}}, "small"));
          }
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
      box.appendChild(el("span", "", L("times_up", "Time's up ({time})", {time: v.clock.ends_text})));
    } else {
      box.className = "clock" + (left < 300 ? " soon" : "");
      box.appendChild(el("span", "left", clockText(left)));
      box.appendChild(el("span", "until", " " + L("left", "left · ends at {time}", {time: v.clock.ends_text})));
    }
  }

  function draw() {
    if (!state) return;
    var v = state.view;
    $("debts-h").textContent = L("who_owes", "Who owes whom");
    $("events-h").textContent = L("last_moves", "Last moves");
    $("me-hint").textContent = L("tap_hint", "Tap your name to highlight your row on this phone.");
    if (state.lang) document.documentElement.lang = state.lang;
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
      var what = v.end_reason === "time" ? L("times_up_count", "Time's up — the final count") : L("game_over", "Game over");
      if (v.winner) what += ": " + L("wins", "{player} wins", {player: v.winner});
      else if (v.final && v.final.leaders.length === 1) what += ": " + L("wins", "{player} wins", {player: v.final.leaders[0]});
      else if (v.final && v.final.leaders.length > 1) what += ": " + L("a_tie", "a tie");
      ended.appendChild(el("h2", "", what));
      if (v.final) {
        ended.appendChild(standingsTable(v.final));
        if (v.final.rows.length > 1)  // the last player left: the count ranks nobody, no valuation to name
          ended.appendChild(el("p", "how", v.final.title + (v.final.clause ? " — " + v.final.clause.cite : "")));
      }
    } else { ended.hidden = true; }

    var turn = $("turn");
    clear(turn);
    if (v.turn.tracking && (v.turn.current || v.turn.last_throw) && !v.ended) {
      turn.hidden = false;
      if (v.turn.current) turn.appendChild(el("div", "now", "▶ " + (v.turn.again ? L("throws_again", "{player} throws again", {player: v.turn.current}) : L("to_throw", "{player} to throw", {player: v.turn.current}))));
      if (v.turn.last_throw) turn.appendChild(el("div", "throw", L("last_throw", "last throw: {text}", {text: v.turn.last_throw.text})));
      // what the last landing still asks (a rent to claim or pay, a deed to buy, a tax, a card), in words
      if (v.turn.pending) {
        var pend = el("div", "pending" + (v.turn.pending.player === me() ? " mine" : ""), v.turn.pending.text);
        (v.turn.pending.moves || []).forEach(function (mv) {  // what this phone may do about it, as buttons
          if (seat && (myRole === "banker" || (mySeat && mv.by.indexOf(mySeat) >= 0))) pend.appendChild(moveButton(mv.label, mv));
        });
        turn.appendChild(pend);
      }
    } else { turn.hidden = true; }

    // an auction running at the banker's console: its deed and the high bid, live; a player bids from here
    if (v.auction) {
      turn.hidden = false;
      var au = el("div", "pending auction", "⚑ " + v.auction.text);
      if (seat && mySeat && myRole === "player") {
        var amt = el("input", "tcash");
        amt.type = "number"; amt.min = "1"; amt.inputMode = "numeric";
        amt.setAttribute("aria-label", L("your_bid", "your bid"));
        amt.placeholder = L("your_bid", "your bid");
        if (bidDraft) amt.value = bidDraft;  // what this phone was typing survives the table's updates
        else if (v.auction.high) amt.value = String(v.auction.high[1] + 10);
        amt.addEventListener("input", function () { bidDraft = amt.value; });
        var go = el("button", "act", L("bid", "Bid"));
        go.type = "button"; go.disabled = busy;
        go.addEventListener("click", function () {
          var n = parseInt(amt.value || "0", 10);
          if (n > 0 && !busy) { bidDraft = null; post({id: newId(), amount: n}, 0, "/api/bid"); }
        });
        au.appendChild(el("br"));
        au.appendChild(amt);
        au.appendChild(go);
      }
      turn.appendChild(au);
    }

    // the last three moves, above the fold; the whole list stays at the bottom
    var recent = $("recent"), rl = recent.querySelector("ol");
    clear(rl);
    var last = v.events.filter(function (e) { return !e.undone; }).slice(0, 3);
    recent.hidden = !last.length;
    last.forEach(function (e) { rl.appendChild(el("li", "", e.text)); });

    // this phone's player first, then the one whose turn it is, then the others in their order
    var pl = $("players");
    clear(pl);
    var rank = function (p) { return p.name === me() ? 0 : (p.turn ? 1 : 2); };
    v.players.map(function (p, i) { return [rank(p), i, p]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
      .forEach(function (x) { pl.appendChild(playerCard(x[2], v)); });

    // trades offered between phones, waiting for a yes or no
    var offersBox = $("offers");
    clear(offersBox);
    var mineOffers = (v.offers || []).filter(function (o) { return (myRole === "banker" && o.from !== "banker") || o.to === mySeat || o.from === mySeat; });
    offersBox.hidden = !mineOffers.length;
    mineOffers.forEach(function (o) {
      var row = el("div", "pending offer", o.text);
      if (myRole === "banker" || o.to === mySeat) {
        var yes = el("button", "act", L("accept", "Accept"));
        yes.type = "button"; yes.disabled = busy;
        yes.addEventListener("click", function () { answerOffer(o.id, "accept"); });
        var no = el("button", "act pay", L("reject", "Decline"));
        no.type = "button"; no.disabled = busy;
        no.addEventListener("click", function () { answerOffer(o.id, "reject"); });
        row.appendChild(yes); row.appendChild(no);
      } else {
        var back = el("button", "act small", L("withdraw", "Withdraw"));
        back.type = "button"; back.disabled = busy;
        back.addEventListener("click", function () { answerOffer(o.id, "withdraw"); });
        row.appendChild(back);
      }
      offersBox.appendChild(row);
    });

    var debts = $("debts"), ul = debts.querySelector("ul");
    clear(ul);
    debts.hidden = !v.debts.length;
    v.debts.forEach(function (d) {
      ul.appendChild(el("li", "", L("owes", "{debtor} owes {creditor} {amount}", {debtor: d.from, creditor: d.to === "bank" ? L("the_bank", "the bank") : d.to, amount: d.amount_text}) + (d.reason ? " (" + d.reason + ")" : "")));
    });

    var bank = $("bank");
    clear(bank);
    bank.appendChild(el("span", "", L("bank", "Bank: {houses} houses, {hotels} hotels", {houses: v.bank.houses, hotels: v.bank.hotels})));
    if (v.bank.pot_text) bank.appendChild(el("span", "", " · " + L("pot", "Free Parking pot {amount}", {amount: v.bank.pot_text})));
    // which count "worth" is (the game's own end count, or a running one that mortgaging leaves as it was)
    if (v.standings && v.standings.title) bank.appendChild(el("div", "how", v.standings.title));

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
        d.appendChild(el("div", "src", r.source + ", “" + r.section + "”"));  // the title above names it; no clause id
        li.appendChild(d);
      });
      ol.appendChild(li);
    });
    $("updated").textContent = L("move", "move #{n}", {n: v.seq});
  }

  function receive(text) {
    try { state = JSON.parse(text); } catch (e) { return; }
    if (state.server_time) offset = state.server_time - Date.now() / 1000;
    draw();
  }

  function connected(on) {
    var b = $("conn");
    b.textContent = on ? L("live", "live") : L("reconnecting", "disconnected — reconnecting…");
    b.className = "badge conn " + (on ? "on" : "off");
    document.body.classList.toggle("stale", !on);
  }

  function connect() {
    var es = new EventSource("/events" + Q);
    es.addEventListener("table", function (ev) { receive(ev.data); connected(true); });
    es.onopen = function () { connected(true); };
    es.onerror = function () {
      connected(false);
      // a link whose token no longer opens the table (the server was given a new one): say so, stop retrying
      fetch("/health" + Q, {cache: "no-store"}).then(function (r) {
        if (r.status === 403) {
          es.close();
          var b = $("conn");
          b.textContent = L("rescan", "This link is no longer valid: scan the QR code on the banker's screen again.");
          b.className = "badge conn off";
          return;
        }
      }, function () { /* the server is down: the browser keeps retrying */ });
      // the browser retries by itself; if it gave up (closed), start again
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  var init = $("initial").textContent;
  if (init && init.charAt(0) === "{") receive(init);
  whoAmI();
  connect();
  // A stream can go quiet without an error (a phone's Wi-Fi, a proxy): every few seconds the page asks for the
  // table once, and takes it if it is newer than the one it shows. One small GET per phone.
  setInterval(function () {
    if (document.hidden) return;
    fetch("/state.json" + Q, {cache: "no-store"}).then(function (r) { return r.ok ? r.text() : null; }).then(function (t) {
      if (!t) return;
      var d;
      try { d = JSON.parse(t); } catch (e) { return; }
      var have = state && state.view ? state.view.seq : -1;
      if (d.view && d.view.seq > have) receive(t);
    }, function () {});
  }, 3000);
  setInterval(function () { if (state && state.view && state.view.clock) drawClock(state.view); }, 1000);
})();
