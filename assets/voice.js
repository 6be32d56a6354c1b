// Push to talk on a game's screen and in Settle a dispute (there, a button's name is
// said: "board ten of hearts"): a microphone button over the page's bottom corner,
// beside the actions. A tap turns the microphone on (never before); a second tap, or
// 6 s, turns it off and sends what was said, as 16 kHz 16-bit samples, to this server's
// own /voice (with the browser's cookie; nothing else is sent, nothing is kept here).
// The server hears the move and applies it as a tap would; the answer says what it
// heard. A page that may not use the microphone says why and leaves the taps.
(function () {
  "use strict";
  // RATE and half the server's longest recording: referee/voice/__init__.py.
  var RATE = 16000, MAX_MS = 6000;
  var GAME = /^\/game\/(\d+)\/?$/;
  var SETTLE = /^\/settle(\/[^\/]+)?\/?$/;  // its moves go to game 0 (live/voice_inbox.py)
  var SVG = '<svg width="28" height="28" viewBox="0 0 24 24" fill="#fff" aria-hidden="true">';
  var MIC = SVG + '<path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1' +
    '-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2z"/></svg>';
  var STOP = SVG + '<rect x="6" y="6" width="12" height="12" rx="2"/></svg>';
  var DOTS = SVG + '<circle cx="6" cy="12" r="2"/><circle cx="12" cy="12" r="2"/>' +
    '<circle cx="18" cy="12" r="2"/></svg>';
  var button, bubble, state = "idle", capture = null, hideTimer = null, shownPath = null;

  // The game the page shows: its moves go to that game only.
  function voiceUrl() {
    var m = GAME.exec(location.pathname);
    return "/voice?game=" + (m ? m[1] : SETTLE.test(location.pathname) ? "0" : "");
  }

  function say(text, ms) {
    bubble.textContent = text;
    bubble.style.display = "block";
    clearTimeout(hideTimer);
    hideTimer = setTimeout(function () { bubble.style.display = "none"; }, ms || 6000);
  }

  function look() {
    var on = state !== "idle";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    var label = SETTLE.test(location.pathname) ? "Say a button" : "Say a move";
    button.setAttribute("aria-label", on ? "Stop and send the move" : label);
    button.style.background = on ? "#C62828" : "#6750A4";
    // Drawn, not a character: a phone without an emoji font shows a box for one.
    button.innerHTML = state === "sending" ? DOTS : on ? STOP : MIC;
  }

  function place() {
    var show = GAME.test(location.pathname) || SETTLE.test(location.pathname);
    button.style.display = show ? "flex" : "none";
    // Another screen or another game: what was being said was not for it.
    if (location.pathname !== shownPath) {
      shownPath = location.pathname;
      stop(false);
      bubble.style.display = "none";
    }
  }

  function start() {
    if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      say("This page may not use the microphone: it was opened over plain http from " +
          "another device, so tap the moves (on the host computer, 127.0.0.1 may listen).");
      return;
    }
    state = "starting"; look();
    navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true,
                                                   noiseSuppression: true } })
      .then(function (stream) {
        var ctx = null, node, chunks = [];
        try {
          ctx = new AudioContext({ sampleRate: RATE });
          var source = ctx.createMediaStreamSource(stream);
          node = ctx.createScriptProcessor(4096, 1, 1);
          node.onaudioprocess = function (e) { chunks.push(new Float32Array(e.inputBuffer.getChannelData(0))); };
          source.connect(node); node.connect(ctx.destination);
        } catch (err) {
          // The microphone goes off again at once: it is never left on unasked.
          stream.getTracks().forEach(function (t) { t.stop(); });
          if (ctx) ctx.close();
          state = "idle"; look();
          say("This browser cannot record the move here; tap it instead.");
          return;
        }
        capture = { stream: stream, ctx: ctx, node: node, chunks: chunks,
                    timer: setTimeout(function () { stop(true); }, MAX_MS) };
        state = "listening"; look();
        say("Listening… say the move, then tap the square.", MAX_MS);
        // Nothing but a word that the microphone is on: the server readies the moves
        // it will listen for while the player speaks.
        fetch(voiceUrl(), { method: "POST", credentials: "same-origin", body: new ArrayBuffer(0),
                          headers: { "content-type": "application/octet-stream" } })
          .catch(function () {});
      })
      .catch(function () {
        state = "idle"; look();
        say("The microphone is not allowed on this page; tap the moves instead.");
      });
  }

  function stop(send) {
    if (!capture) { state = "idle"; look(); return; }
    var c = capture; capture = null;
    clearTimeout(c.timer);
    c.node.disconnect();
    c.stream.getTracks().forEach(function (t) { t.stop(); });  // the microphone goes off
    c.ctx.close();
    if (!send) { state = "idle"; look(); return; }
    var n = 0, i, j, k = 0;
    for (i = 0; i < c.chunks.length; i++) n += c.chunks[i].length;
    var pcm = new Int16Array(n);
    for (i = 0; i < c.chunks.length; i++)
      for (j = 0; j < c.chunks[i].length; j++)
        pcm[k++] = Math.max(-1, Math.min(1, c.chunks[i][j])) * 32767;
    state = "sending"; look();
    fetch(voiceUrl(), { method: "POST", credentials: "same-origin", body: pcm.buffer,
                      headers: { "content-type": "application/octet-stream" } })
      .then(function (r) { return r.json(); })
      // The app's own message says what was heard; this says only what the app cannot.
      .then(function (a) { if (a.ok) bubble.style.display = "none"; else say(a.said); })
      .catch(function () { say("The move could not be sent; tap it instead."); })
      .then(function () { state = "idle"; look(); });
  }

  function build() {
    button = document.createElement("button");
    button.id = "referee-mic";
    button.type = "button";
    button.style.cssText = "position:fixed;right:16px;bottom:88px;width:56px;height:56px;" +
      "border-radius:28px;border:none;color:#fff;font-size:24px;z-index:1000;display:none;" +
      "align-items:center;justify-content:center;box-shadow:0 3px 8px rgba(0,0,0,.35);" +
      "touch-action:manipulation;cursor:pointer";
    button.addEventListener("click", function () {
      if (state === "idle") start(); else if (state === "listening") stop(true);
    });
    bubble = document.createElement("div");
    bubble.id = "referee-heard";
    bubble.setAttribute("role", "status");
    bubble.style.cssText = "position:fixed;left:16px;right:84px;bottom:92px;z-index:1000;" +
      "display:none;padding:10px 14px;border-radius:12px;background:#1C1B1F;color:#fff;" +
      "font:15px/1.35 Roboto,system-ui,sans-serif;box-shadow:0 3px 8px rgba(0,0,0,.35)";
    document.body.appendChild(bubble);
    document.body.appendChild(button);
    look(); place();
    setInterval(place, 400);  // Flutter's router changes the address by history calls
  }

  if (document.body) build(); else document.addEventListener("DOMContentLoaded", build);
})();
