// The sandbox live-chat widget: the script a lobby embeds, with the command API of the messaging
// widget operators use (`zE(...)`). Calls made before it loaded wait in `zE.q`. TEXTS and FRAME are
// put in by the platform when it serves the script.
//
//   zE('messenger', 'open' | 'close')                 shows or hides the chat panel
//   zE('messenger', 'loginUser', (callback) => …)     callback(jwt) signs the player in (generateZendeskToken)
//   zE('messenger', 'logoutUser')                     back to a guest conversation
//   zE('messenger', 'resetWidget')                    closes the chat and forgets the conversation (its cookie)
//   zE('messenger:set', 'locale', 'fi')               the panel's language
//   zE('messenger:on', 'open' | 'close', listener)    told when the panel opens or closes
(() => {
  const previous = window.zE;
  const queued = previous && Array.isArray(previous.q) ? previous.q : [];
  const listeners = { open: [], close: [] };
  let locale = TEXTS.locale;
  let panel = null;
  let frame = null;
  let heading = null;
  let closeButton = null;

  const frameUrl = (path) => `${FRAME}${path}?locale=${encodeURIComponent(locale)}`;
  const emit = (event) => listeners[event].forEach((listener) => { try { listener(); } catch (error) { console.error(error); } });

  function ensurePanel() {
    if (panel) return;
    panel = document.createElement('section');
    panel.id = 'atrium-live-chat';
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'false');
    panel.setAttribute('aria-labelledby', 'atrium-live-chat-title');
    panel.hidden = true;
    Object.assign(panel.style, {
      position: 'fixed', right: '1rem', bottom: '1rem', zIndex: '2147483000', width: 'min(24rem, calc(100vw - 2rem))',
      height: 'min(36rem, calc(100dvh - 2rem))', display: 'none', flexDirection: 'column', borderRadius: '12px', overflow: 'hidden',
      boxShadow: '0 8px 32px rgba(0,0,0,.35)', background: '#fff', color: '#111', font: '16px/1.4 system-ui, sans-serif',
    });
    const bar = document.createElement('div');
    Object.assign(bar.style, { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '.5rem', padding: '.5rem .75rem', background: '#1f2937', color: '#fff' });
    heading = document.createElement('h2');
    heading.id = 'atrium-live-chat-title';
    Object.assign(heading.style, { margin: '0', fontSize: '1rem' });
    heading.textContent = TEXTS.title;
    closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.textContent = '×';
    closeButton.setAttribute('aria-label', TEXTS.close);
    Object.assign(closeButton.style, { font: 'inherit', fontSize: '1.5rem', lineHeight: '1', minWidth: '2.75rem', minHeight: '2.75rem', color: 'inherit', background: 'transparent', border: '0', cursor: 'pointer' });
    closeButton.addEventListener('click', close);
    bar.append(heading, closeButton);
    frame = document.createElement('iframe');
    frame.name = 'atrium-live-chat-frame';
    frame.title = TEXTS.title;
    frame.src = frameUrl('');
    Object.assign(frame.style, { flex: '1', width: '100%', border: '0' });
    panel.append(bar, frame);
    panel.addEventListener('keydown', (event) => { if (event.key === 'Escape') close(); });
    document.body.append(panel);
  }

  /** Posts a form into the chat frame (the frame's own pages need no script). */
  function postToFrame(path, fields) {
    ensurePanel();
    const form = document.createElement('form');
    form.method = 'post';
    form.action = frameUrl(path);
    form.target = frame.name;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
    form.remove();
  }

  function open() {
    ensurePanel();
    if (!panel.hidden) return;
    panel.hidden = false;
    panel.style.display = 'flex';
    closeButton.focus();
    emit('open');
  }

  function close() {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    panel.style.display = 'none';
    emit('close');
  }

  function zE(scope, command, argument) {
    if (scope === 'messenger') {
      if (command === 'open') open();
      else if (command === 'close') close();
      else if (command === 'loginUser' && typeof argument === 'function') argument((jwt) => { if (typeof jwt === 'string' && jwt) postToFrame('/login', { jwt }); });
      else if (command === 'logoutUser') postToFrame('/logout', {});
      else if (command === 'resetWidget') {
        close();
        postToFrame('/forget', {});
      }
    } else if (scope === 'messenger:set' && command === 'locale' && typeof argument === 'string') {
      locale = argument;
      if (frame) frame.src = frameUrl('');
    } else if (scope === 'messenger:on' && command in listeners && typeof argument === 'function') {
      listeners[command].push(argument);
    }
  }
  window.zE = zE;
  for (const call of queued) zE(...call);
})();
