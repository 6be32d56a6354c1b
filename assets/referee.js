// referee's own part of the web page, run before the Flutter client starts.
(function () {
  "use strict";

  // -- Flet's wire: written by `python -m referee.flet_patches.wire` --
  var FLET_VERSION = "1.0.5"; // the Flet these were read from
  var FLET_SESSION = "_flet_session_id"; // its client's session, kept for the tab
  var FLET_SOCKET = /\/ws(\?|$)/; // its WebSocket's address
  // A method call's frame begins with ROUTE_HEAD; "push_route" is PUSH_ROUTE
  var ROUTE_HEAD = [0x00, 0x92, 0x05];
  var PUSH_ROUTE = [0xaa, 0x70, 0x75, 0x73, 0x68, 0x5f, 0x72, 0x6f, 0x75, 0x74, 0x65];
  var ROUTE_FRAME_MAX = 1024;
  // -- end of Flet's wire --

  // A link that opens a screen inside the app (/game/7) puts home under it, so the phone's
  // Back goes home instead of leaving the app. A reload keeps the history it has.
  var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  // A link, a typed address, window.open, a redirect: a page opened anew.
  var opened = !nav || nav.type === "navigate";
  // Flet's client keeps its session for the tab and takes it up again on any load: a link
  // to /game/7 opened in a tab that showed home then came back to home, and Back to the
  // page before it took up the link's session and stayed on its game. Only a reload takes
  // up the session (and the screen it showed); any other load opens a page of its own,
  // at the screen its address names.
  var ownPage = !nav || nav.type !== "reload";
  if (ownPage) {
    try {
      sessionStorage.removeItem(FLET_SESSION);
    } catch (e) {
      /* no storage: no session kept either */
    }
  }
  var homeUnder = false;
  if (location.pathname !== "/" && history.state === null && opened) {
    var target = location.pathname + location.search + location.hash;
    history.replaceState(null, "", "/");
    history.pushState(null, "", target);
    homeUnder = true;
  }

  // The app's own way up (the app bar's arrow, Home) tells the browser the address of the
  // screen it goes to. When that is the address of a history entry just below, the
  // browser goes back to it instead of stacking it again: the phone's Back after the arrow
  // then goes further up, not to the screen just left. "Just below" is the entry under
  // this one, or one of the UP_TO under it: a panel with an address of its own (What now?,
  // /game/7/whatnow) lies between the game and a screen opened from it, and Home from
  // the panel goes back past the game. Flutter numbers its entries (state.serialCount:
  // the first one it sees is 0); the address of each is kept for the tab.
  var UP_TO = 3;
  var KEPT = "referee-addresses";
  var addresses = {};
  try {
    // Another page of the tab wrote the addresses kept: they are not this page's.
    addresses = ownPage ? {} : JSON.parse(sessionStorage.getItem(KEPT)) || {};
  } catch (e) {
    addresses = {};
  }
  if (homeUnder) addresses["-1"] = "/";
  function keep() {
    try {
      sessionStorage.setItem(KEPT, JSON.stringify(addresses));
    } catch (e) {
      /* a private window without storage: the arrow stacks entries, as before */
    }
  }
  function serial(state) {
    return state && typeof state.serialCount === "number" ? state.serialCount : null;
  }
  function address(url) {
    var u = new URL(url === undefined || url === null ? location.href : url, location.href);
    return u.pathname + u.search + u.hash;
  }
  var nativePush = history.pushState.bind(history);
  var nativeReplace = history.replaceState.bind(history);
  history.pushState = function (state, title, url) {
    var n = serial(state);
    for (var k = 2; n !== null && k <= UP_TO + 1; k++) {
      if (addresses[String(n - k)] === address(url)) {
        history.go(1 - k);
        return;
      }
    }
    if (n !== null) {
      addresses[String(n)] = address(url);
      keep();
    }
    nativePush(state, title, url);
  };
  history.replaceState = function (state, title, url) {
    var n = serial(state);
    if (n !== null) {
      addresses[String(n)] = address(url);
      keep();
    }
    nativeReplace(state, title, url);
  };
  keep();

  // A page the browser kept whole and shows again on Back (its scripts paused, not run
  // again) takes up its own session and addresses, not those of the page shown since.
  var session = null;
  window.addEventListener("pagehide", function () {
    try {
      session = sessionStorage.getItem(FLET_SESSION);
    } catch (e) {
      session = null;
    }
  });
  window.addEventListener("pageshow", function (e) {
    if (!e.persisted) return;
    try {
      if (session) sessionStorage.setItem(FLET_SESSION, session);
    } catch (err) {
      /* no storage */
    }
    keep();
  });

  // The connection to the referee: the moment it drops, a slim bar across the top says
  // so, the page under it is dimmed and takes no taps (they could not arrive), and the
  // table stays in sight: Flet's client would draw its own loading screen over the whole
  // page at its next frame, so no frame is drawn while the connection is lost (the last
  // one, the table as it was, stays on screen). Once the referee answers again, the frames
  // go on, the screen it sends is the game as stored, and the bar goes.
  var Native = window.WebSocket;
  var current = null;
  var connected = false;
  var notice = null;
  var nativeFrame = window.requestAnimationFrame.bind(window);
  var heldFrames = [];
  var frameIds = 0;
  var nativeIds = {};

  window.requestAnimationFrame = function (callback) {
    var id = ++frameIds;
    if (notice) {
      heldFrames.push([id, callback]);
    } else {
      nativeIds[id] = nativeFrame(function (t) {
        delete nativeIds[id];
        // A frame asked for before the connection dropped (a screen's transition still
        // running) would draw Flet's loading screen: it waits with the others.
        if (notice) {
          heldFrames.push([id, callback]);
          return;
        }
        callback(t);
      });
    }
    return id;
  };
  var nativeCancel = window.cancelAnimationFrame.bind(window);
  window.cancelAnimationFrame = function (id) {
    if (nativeIds[id] !== undefined) {
      nativeCancel(nativeIds[id]);
      delete nativeIds[id];
    }
    heldFrames = heldFrames.filter(function (held) {
      return held[0] !== id;
    });
  };

  function show() {
    if (notice || !connected) return;
    notice = document.createElement("div");
    notice.id = "referee-offline";
    notice.style.cssText =
      "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.22);" +
      "touch-action:none;";
    var bar = document.createElement("div");
    bar.setAttribute("role", "alert");
    bar.setAttribute("aria-live", "assertive");
    bar.style.cssText =
      "position:absolute;top:0;left:0;right:0;box-sizing:border-box;" +
      "padding:calc(8px + env(safe-area-inset-top, 0px)) 12px 8px;background:#323232;" +
      "color:#fff;font:500 14px/20px system-ui,-apple-system,Roboto,sans-serif;" +
      "text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;" +
      "box-shadow:0 2px 8px rgba(0,0,0,0.35);";
    bar.textContent = "Connection lost \u2014 reconnecting\u2026";
    notice.appendChild(bar);
    var stop = function (e) {
      e.preventDefault();
      e.stopPropagation();
    };
    ["pointerdown", "pointerup", "click", "touchstart", "touchend", "keydown"].forEach(
      function (name) {
        notice.addEventListener(name, stop, true);
      }
    );
    document.body.appendChild(notice);
  }

  function hide() {
    if (!notice) return;
    notice.remove();
    notice = null;
    // After the client has taken the message that brought the connection back: the
    // first frame drawn is then the screen it sent, not the loading screen.
    setTimeout(function () {
      var held = heldFrames;
      heldFrames = [];
      held.forEach(function (frame) {
        window.requestAnimationFrame(frame[1]);
      });
    }, 0);
  }

  // The address of a new screen comes just before the screen (referee/flet_patches/send.py, tell_route).
  // Taken on its own, it makes Flutter build every view again for its router in one frame,
  // and the screen comes in the next: at ×4 CPU some 70 ms more before the screen is at
  // rest. Held until the next message (the screen), both are taken in one task and drawn
  // in one frame; an address with nothing after it goes on after HOLD_MS.
  var HOLD_MS = 50;

  function isAddress(data) {
    // A message frame of MessagePack [INVOKE_METHOD, {..., name: "push_route", ...}]
    // (referee/flet_patches/wire.py, is_route_frame: the same test).
    if (!(data instanceof ArrayBuffer) || data.byteLength > ROUTE_FRAME_MAX) return false;
    var b = new Uint8Array(data);
    for (var h = 0; h < ROUTE_HEAD.length; h++) {
      if (b[h] !== ROUTE_HEAD[h]) return false;
    }
    for (var i = ROUTE_HEAD.length; i + PUSH_ROUTE.length <= b.length; i++) {
      var j = 0;
      while (j < PUSH_ROUTE.length && b[i + j] === PUSH_ROUTE[j]) j++;
      if (j === PUSH_ROUTE.length) return true;
    }
    return false;
  }

  function holdAddresses(ws) {
    var held = null;
    var timer = null;
    var passing = false;
    function release() {
      clearTimeout(timer);
      var address = held;
      held = null;
      if (!address || ws.readyState !== Native.OPEN) return;
      passing = true;
      try {
        ws.dispatchEvent(new MessageEvent("message", { data: address.data }));
      } finally {
        passing = false;
      }
    }
    // Added before Flutter's own listener, so it sees each message first.
    ws.addEventListener("message", function (e) {
      if (passing) return;
      if (held) release();
      if (isAddress(e.data)) {
        e.stopImmediatePropagation();
        held = e;
        timer = setTimeout(release, HOLD_MS);
      }
    });
  }

  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (FLET_SOCKET.test(String(url))) {
      current = ws;
      holdAddresses(ws);
      ws.addEventListener("message", function () {
        connected = true;
        if (ws === current) hide();
      });
      ws.addEventListener("close", function () {
        if (ws === current) show();
      });
    }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Watched[name] = Native[name];
  });
  window.WebSocket = Watched;
  window.addEventListener("offline", show);
  window.addEventListener("online", function () {
    if (current && current.readyState === Native.OPEN) hide();
  });
})();
