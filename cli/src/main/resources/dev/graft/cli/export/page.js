// The exported session page (docs/export.md). Every entry is a JSON data block (id "e<n>");
// "graft-index" holds the tree as rows. Only the entries of the selected path that are on the
// screen are parsed and rendered, and only the tree rows in view exist as elements. Text from
// the session reaches the page only as text nodes: no HTML string is ever assigned.
(function () {
  'use strict';

  var PAGE = 50;        // entries of a path rendered at once; "show earlier" adds as many
  var OVERSCAN = 12;    // tree rows rendered above and below the visible ones
  var MAX_INDENT = 24;  // deeper branches are drawn at this indent
  var IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp)$/;
  var BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

  // Row fields (see SessionPage.writeIndex) and flags (PageTree).
  var R_ELEM = 0, R_PARENT = 1, R_INDENT = 2, R_FLAGS = 3, R_KIND = 4, R_TEXT = 5, R_LABEL = 6, R_SIZE = 7, R_ID = 8;
  var F_BRANCH = 1, F_LAST = 2, F_FORK = 4, F_ERROR = 8;

  function $(id) { return document.getElementById(id); }

  // ------------------------------------------------------------------ elements

  /** An element with attributes, properties (on*) and children; strings become text nodes. */
  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        var value = attrs[key];
        if (value == null || value === false) continue;
        if (key === 'class') el.className = value;
        else if (key.slice(0, 2) === 'on') el.addEventListener(key.slice(2), value);
        else el.setAttribute(key, value === true ? '' : String(value));
      }
    }
    for (var i = 2; i < arguments.length; i++) append(el, arguments[i]);
    return el;
  }

  function append(el, child) {
    if (child == null || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(el, c); }); return; }
    el.append(child instanceof Node ? child : String(child));
  }

  function clip(text, width) {
    var flat = String(text).replace(/\s+/g, ' ').trim();
    return flat.length <= width ? flat : flat.slice(0, width - 1) + '\u2026';
  }

  /** Lines as a terminal shows them: a final newline ends the last line, it starts no new one. */
  function lineCount(text) {
    var n = 1;
    for (var i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
    return text.length && text.charCodeAt(text.length - 1) === 10 ? n - 1 : n;
  }

  /** A collapsible block: summary parts, then the body, built only when first opened. */
  function fold(cls, summary, open, build) {
    var body = h('div', { class: 'body' });
    var d = h('details', { class: cls }, h('summary', null, summary), body);
    var built = false;
    function fill() { if (!built) { built = true; append(body, build()); } }
    if (open) { d.open = true; fill(); }
    d.addEventListener('toggle', function () { if (d.open) fill(); });
    return d;
  }

  function pre(text, wrap) {
    return h('pre', { class: wrap ? 'wrap' : null }, text);
  }

  // ------------------------------------------------------------------ markdown

  var FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
  var HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
  var RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
  var QUOTE = /^ {0,3}> ?/;
  var ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
  var TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

  /** Markdown to a fragment: a small, safe subset (no HTML passes through; links http(s)/mailto). */
  function markdown(text) {
    var frag = document.createDocumentFragment();
    blocks(String(text).replace(/\r\n?/g, '\n').split('\n'), frag);
    var div = h('div', { class: 'md' });
    div.append(frag);
    return div;
  }

  function blocks(lines, into) {
    var i = 0;
    while (i < lines.length) {
      var line = lines[i];
      var m;
      if (!line.trim()) { i++; continue; }
      if ((m = FENCE.exec(line))) {
        var fence = m[1], lang = m[2], code = [];
        i++;
        while (i < lines.length && !(lines[i].trim().indexOf(fence) === 0 && lines[i].trim().replace(/[`~]/g, '') === '')) {
          code.push(lines[i]);
          i++;
        }
        i++;
        into.append(codeBlock(code.join('\n'), lang));
        continue;
      }
      if ((m = HEADING.exec(line))) {
        into.append(h('h' + m[1].length, null, inline(m[2])));
        i++;
        continue;
      }
      if (RULE.test(line)) { into.append(h('hr')); i++; continue; }
      if (QUOTE.test(line)) {
        var quoted = [];
        while (i < lines.length && lines[i].trim() && QUOTE.test(lines[i])) { quoted.push(lines[i].replace(QUOTE, '')); i++; }
        var q = h('blockquote');
        blocks(quoted, q);
        into.append(q);
        continue;
      }
      if (ITEM.test(line)) { i = list(lines, i, into); continue; }
      if (line.indexOf('|') >= 0 && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].indexOf('-') >= 0) {
        i = table(lines, i, into);
        continue;
      }
      var para = [];
      while (i < lines.length && lines[i].trim() && !FENCE.test(lines[i]) && !HEADING.test(lines[i])
          && !QUOTE.test(lines[i]) && !(para.length && ITEM.test(lines[i])) && !RULE.test(lines[i])) {
        para.push(lines[i].trim());
        i++;
      }
      if (!para.length) { para.push(line); i++; }
      var p = h('p');
      para.forEach(function (l, k) { if (k) p.append(h('br')); p.append(inline(l)); });
      into.append(p);
    }
  }

  function list(lines, i, into) {
    var first = ITEM.exec(lines[i]);
    var base = first[1].length;
    var ordered = /\d/.test(first[2]);
    var el = h(ordered ? 'ol' : 'ul');
    if (ordered && parseInt(first[2], 10) !== 1) el.setAttribute('start', String(parseInt(first[2], 10)));
    while (i < lines.length) {
      var m = ITEM.exec(lines[i]);
      if (!m || m[1].length > base + 1 || /\d/.test(m[2]) !== ordered) break;
      var content = [m[3]];
      var indent = m[1].length + m[2].length + 1;
      i++;
      while (i < lines.length) {
        var l = lines[i];
        if (!l.trim()) {
          var next = lines[i + 1];
          if (next !== undefined && next.trim() && leading(next) > base) { content.push(''); i++; continue; }
          break;
        }
        var im = ITEM.exec(l);
        if (im && im[1].length <= base + 1) break;
        if (!im && leading(l) <= base && content.length && !content[content.length - 1].trim()) break;
        content.push(l.slice(Math.min(indent, leading(l))));
        i++;
      }
      var li = h('li');
      if (content.length === 1) li.append(inline(content[0]));
      else blocks(content, li);
      el.append(li);
    }
    into.append(el);
    return i;
  }

  function leading(line) { return line.length - line.replace(/^\s+/, '').length; }

  function table(lines, i, into) {
    function cells(l) {
      var t = l.trim();
      if (t.charAt(0) === '|') t = t.slice(1);
      if (t.charAt(t.length - 1) === '|') t = t.slice(0, -1);
      return t.split('|').map(function (c) { return c.trim(); });
    }
    var head = h('tr');
    cells(lines[i]).forEach(function (c) { head.append(h('th', null, inline(c))); });
    var body = h('tbody');
    i += 2;
    while (i < lines.length && lines[i].trim() && lines[i].indexOf('|') >= 0) {
      var tr = h('tr');
      cells(lines[i]).forEach(function (c) { tr.append(h('td', null, inline(c))); });
      body.append(tr);
      i++;
    }
    into.append(h('table', null, h('thead', null, head), body));
    return i;
  }

  function codeBlock(code, lang) {
    var n = lineCount(code);
    return fold('code', [h('span', { class: 'name' }, lang || 'code'), ' \u00b7 ' + n + (n === 1 ? ' line' : ' lines')],
        n <= 40, function () { return h('pre', null, h('code', null, code)); });
  }

  // Inline spans, earliest first: code, links, autolinks, strong, emphasis, strikethrough.
  var INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\[([^\]]*)\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"\]])|(\*\*|__)(?=\S)([\s\S]*?\S)\6|(\*|\b_)(?=[^\s*_])([\s\S]*?[^\s*_])\8(?![\w*])|~~(?=\S)([\s\S]*?\S)~~/;

  function inline(text) {
    var frag = document.createDocumentFragment();
    var rest = text;
    var guard = 0;
    while (rest && guard++ < 10000) {
      var m = INLINE.exec(rest);
      if (!m) break;
      if (m.index) frag.append(rest.slice(0, m.index));
      if (m[1]) frag.append(h('code', null, m[2].replace(/^ (.*) $/, '$1')));
      else if (m[3] !== undefined) frag.append(link(m[4], inline(m[3]), m[0]));
      else if (m[5]) frag.append(link(m[5], m[5], m[5]));
      else if (m[6]) frag.append(h('strong', null, inline(m[7])));
      else if (m[8]) frag.append(h('em', null, inline(m[9])));
      else if (m[10]) frag.append(h('del', null, inline(m[10])));
      rest = rest.slice(m.index + m[0].length);
    }
    if (rest) frag.append(rest);
    return frag;
  }

  /** A link for http(s) and mailto addresses only; anything else stays text. */
  function link(url, content, source) {
    if (!/^(https?:\/\/|mailto:)/i.test(url)) return source;
    return h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, content);
  }

  // ------------------------------------------------------------------ entries

  var index = JSON.parse($('graft-index').textContent);
  var rows = index.rows;
  var rowById = new Map();
  for (var r = 0; r < rows.length; r++) rowById.set(rows[r][R_ID], r);

  /** The entry of a row, parsed from its data block when it is shown. */
  function entryOf(row) {
    try {
      return JSON.parse($('e' + rows[row][R_ELEM]).textContent);
    } catch (e) {
      return null;
    }
  }

  function gotoButton(id) {
    var row = rowById.get(id);
    if (row === undefined) return h('span', { class: 'mono' }, String(id));
    return h('button', { class: 'goto', type: 'button', title: 'Show the path to ' + id,
      onclick: function () { select(row, true); } }, id);
  }

  function when(entry) {
    var t = Date.parse(entry.timestamp);
    return isNaN(t) ? '' : new Date(t).toLocaleString();
  }

  function imageBlock(block) {
    var mime = String(block.mimeType || '');
    var data = String(block.data || '');
    if (!IMAGE_TYPES.test(mime) || !BASE64.test(data)) {
      return h('div', { class: 'meta' }, '[image of type ' + mime + ' not shown]');
    }
    return h('img', { class: 'inline', alt: 'image (' + mime + ')', src: 'data:' + mime + ';base64,' + data });
  }

  /** User, custom and tool content: a string (markdown) or blocks. */
  function content(value, asMarkdown) {
    if (typeof value === 'string') return asMarkdown ? markdown(value) : pre(value, true);
    if (!Array.isArray(value)) return null;
    return value.map(function (block) {
      if (!block || typeof block !== 'object') return null;
      if (block.type === 'text') return asMarkdown ? markdown(String(block.text)) : pre(String(block.text), true);
      if (block.type === 'image') return imageBlock(block);
      return fold('other', 'block of type ' + block.type, false, function () { return pre(JSON.stringify(block, null, 2)); });
    });
  }

  function textOf(value) {
    if (typeof value === 'string') return value;
    if (!Array.isArray(value)) return '';
    return value.filter(function (b) { return b && b.type === 'text'; }).map(function (b) { return String(b.text); }).join('\n');
  }

  function toolArgsSummary(args) {
    if (!args || typeof args !== 'object') return '';
    var keys = ['command', 'path', 'file_path', 'pattern', 'url', 'query'];
    for (var k = 0; k < keys.length; k++) if (typeof args[keys[k]] === 'string') return args[keys[k]];
    for (var key in args) if (typeof args[key] === 'string') return args[key];
    return '';
  }

  function assistantBody(msg) {
    var parts = [];
    (Array.isArray(msg.content) ? msg.content : []).forEach(function (block) {
      if (!block || typeof block !== 'object') return;
      if (block.type === 'text') parts.push(markdown(String(block.text)));
      else if (block.type === 'thinking') {
        var thought = String(block.thinking || '');
        parts.push(fold('thinking', [h('span', { class: 'name' }, 'Thinking'),
          block.redacted ? ' (redacted)' : ' \u00b7 ' + clip(thought, 90)], false,
          function () { return markdown(block.redacted ? '(redacted)' : thought); }));
      } else if (block.type === 'toolCall') {
        parts.push(fold('tool-call', [h('span', { class: 'name' }, '\u2192 ' + block.name), ' ' + clip(toolArgsSummary(block.arguments), 100)],
          false, function () {
            return [pre(JSON.stringify(block.arguments, null, 2), true), h('div', { class: 'meta' }, 'call ' + block.id)];
          }));
      } else if (block.type === 'image') parts.push(imageBlock(block));
      else parts.push(fold('other', 'block of type ' + block.type, false, function () { return pre(JSON.stringify(block, null, 2)); }));
    });
    if (msg.errorMessage) parts.push(h('div', { class: 'err-text' }, String(msg.errorMessage)));
    var usage = msg.usage || {};
    var meta = [msg.provider && msg.model ? msg.provider + '/' + msg.model : null,
      usage.totalTokens ? usage.totalTokens.toLocaleString() + ' tokens' : null,
      usage.cost && usage.cost.total ? '$' + Number(usage.cost.total).toFixed(4) : null,
      msg.stopReason && msg.stopReason !== 'stop' && msg.stopReason !== 'toolUse' ? 'stop: ' + msg.stopReason : null];
    parts.push(h('div', { class: 'meta' }, meta.filter(Boolean).join(' \u00b7 ')));
    return parts;
  }

  /** The card of one entry: its class, its title and its body. */
  function describe(entry, row) {
    var kind = rows[row][R_KIND];
    var error = (rows[row][R_FLAGS] & F_ERROR) !== 0;
    switch (entry.type) {
      case 'message': {
        var msg = entry.message || {};
        switch (msg.role) {
          case 'user': return { cls: 'user', who: 'User', body: content(msg.content, true) };
          case 'assistant': return { cls: 'assistant' + (error ? ' error' : ''), who: 'Assistant', body: assistantBody(msg) };
          case 'toolResult': {
            var text = textOf(msg.content);
            var n = lineCount(text);
            var images = Array.isArray(msg.content) ? msg.content.filter(function (b) { return b && b.type === 'image'; }) : [];
            return { cls: 'toolResult' + (msg.isError ? ' error' : ''), who: 'Tool result', body: [
              fold('tool-result' + (msg.isError ? ' error' : ''),
                [h('span', { class: 'name' }, '\u2190 ' + msg.toolName), ' \u00b7 ' + n + (n === 1 ? ' line' : ' lines') + ' \u00b7 ' + clip(text, 90)],
                n <= 6, function () { return pre(text, false); }),
              images.map(imageBlock)] };
          }
          case 'bashExecution': {
            var out = String(msg.output || '');
            var m = lineCount(out);
            var flags = [msg.exitCode != null ? 'exit ' + msg.exitCode : null, msg.cancelled ? 'cancelled' : null,
              msg.truncated ? 'truncated' : null, msg.excludeFromContext ? 'not in the context' : null].filter(Boolean).join(' \u00b7 ');
            return { cls: 'bashExecution' + (msg.exitCode ? ' error' : ''), who: 'Shell', body: [
              fold('tool-result', [h('span', { class: 'name' }, '$ ' + clip(msg.command, 100)), ' \u00b7 ' + m + (m === 1 ? ' line' : ' lines')],
                m <= 6, function () { return [pre('$ ' + msg.command, true), pre(out, false)]; }),
              flags ? h('div', { class: 'meta' }, flags) : null] };
          }
          case 'custom': return customCard(msg.customType, msg.content, msg.display, msg.details);
          default: return { cls: 'note', who: 'message ' + msg.role, body: rawFold(entry) };
        }
      }
      case 'custom_message': return customCard(entry.customType, entry.content, entry.display, entry.details);
      case 'compaction':
        return { cls: 'summary', who: 'Compaction', body: [
          h('div', { class: 'meta' }, (Number(entry.tokensBefore) || 0).toLocaleString() + ' tokens summarized; the context keeps ',
            entry.firstKeptEntryId ? ['entries from ', gotoButton(entry.firstKeptEntryId)] : 'no earlier entry',
            entry.fromHook ? ' (summary from a hook)' : ''),
          fold('summary-text', h('span', { class: 'name' }, 'Summary'), true, function () { return markdown(String(entry.summary)); })] };
      case 'branch_summary':
        return { cls: 'summary', who: 'Branch summary', body: [
          h('div', { class: 'meta' }, 'Back at ',
            entry.fromId === 'root' ? 'the start' : gotoButton(entry.fromId), ', with a summary of the branch left',
            entry.fromHook ? ' (from a hook)' : ''),
          fold('summary-text', h('span', { class: 'name' }, 'Summary'), true, function () { return markdown(String(entry.summary)); })] };
      case 'model_change': return { cls: 'note', who: 'Model', body: entry.provider + '/' + entry.modelId };
      case 'thinking_level_change': return { cls: 'note', who: 'Thinking level', body: String(entry.thinkingLevel) };
      case 'label':
        return { cls: 'note', who: 'Label', body: entry.label ? [gotoButton(entry.targetId), ' \u2190 \u201c' + entry.label + '\u201d']
          : [gotoButton(entry.targetId), ' label cleared'] };
      case 'session_info': return { cls: 'note', who: 'Name', body: entry.name ? String(entry.name) : '(cleared)' };
      case 'custom':
        return { cls: 'note', who: 'Hook state \u00b7 ' + entry.customType, body: rawFold(entry) };
      default: return { cls: 'note', who: kind, body: rawFold(entry) };
    }
  }

  function customCard(type, value, display, details) {
    return { cls: 'custom' + (display === false ? ' hidden-msg' : ''), who: 'Custom \u00b7 ' + type, body: [
      content(value, true),
      display === false ? h('div', { class: 'meta' }, 'not shown in the terminal; sent to the model') : null,
      details != null ? fold('details', 'details', false, function () { return pre(JSON.stringify(details, null, 2), true); }) : null] };
  }

  function rawFold(entry) {
    return fold('raw', 'JSON', false, function () { return pre(JSON.stringify(entry, null, 2), true); });
  }

  function card(row) {
    var entry = entryOf(row);
    var id = rows[row][R_ID];
    if (!entry) return h('article', { class: 'entry error', 'data-id': id }, 'entry ' + id + ' could not be read');
    var d = describe(entry, row);
    var label = rows[row][R_LABEL];
    var head = h('div', { class: 'entry-head' }, h('span', { class: 'who' }, d.who),
      h('button', { class: 'goto', type: 'button', title: 'Show the path to this entry',
        onclick: function () { select(row, true); } }, id),
      label ? h('span', { class: 'badge' }, label) : null,
      row === index.leaf ? h('span', { class: 'badge' }, 'leaf') : null,
      h('span', { class: 'when' }, when(entry)));
    return h('article', { class: 'entry ' + d.cls + (row === selected ? ' selected' : ''), 'data-id': id, id: 'entry-' + row },
      head, d.cls === 'note' ? h('span', null, d.body) : d.body);
  }

  // ------------------------------------------------------------------ the selected path

  var selected = -1;
  var path = [];
  var onPath = new Set();
  var shownFrom = 0;
  var messages = $('messages');

  function pathTo(row) {
    var p = [];
    for (var x = row; x >= 0; x = rows[x][R_PARENT]) p.push(x);
    return p.reverse();
  }

  function select(row, reveal) {
    selected = row;
    path = pathTo(row);
    onPath = new Set(path);
    shownFrom = Math.max(0, path.length - PAGE);
    renderPath();
    var id = rows[row][R_ID];
    if (history.replaceState) history.replaceState(null, '', '#' + encodeURIComponent(id));
    var leafBtn = $('leaf-btn');
    leafBtn.classList.toggle('away', index.leaf >= 0 && row !== index.leaf);
    if (reveal) revealRow(row);
    renderTree();
    var target = $('entry-' + row);
    if (target) target.scrollIntoView({ block: 'nearest' });
    if (isNarrow()) closeSidebar();
  }

  function renderPath() {
    messages.textContent = '';
    var id = rows[selected][R_ID];
    $('path-info').textContent = 'Path to ' + id + (selected === index.leaf ? ' (the leaf)' : '') + ': '
      + path.length + (path.length === 1 ? ' entry' : ' entries') + ' from the root.';
    if (shownFrom > 0) messages.append(moreButton());
    var frag = document.createDocumentFragment();
    for (var i = shownFrom; i < path.length; i++) frag.append(card(path[i]));
    messages.append(frag);
  }

  function moreButton() {
    var n = Math.min(PAGE, shownFrom);
    return h('button', { class: 'more', type: 'button', id: 'show-earlier', onclick: showEarlier },
      'Show ' + n + ' earlier ' + (n === 1 ? 'entry' : 'entries') + ' (' + shownFrom + ' not shown)');
  }

  /** Adds the previous page of the path above what is shown, keeping the view where it was. */
  function showEarlier() {
    var main = $('main');
    var fromBottom = main.scrollHeight - main.scrollTop;
    var oldFrom = shownFrom;
    shownFrom = Math.max(0, shownFrom - PAGE);
    var frag = document.createDocumentFragment();
    if (shownFrom > 0) frag.append(moreButton());
    for (var i = shownFrom; i < oldFrom; i++) frag.append(card(path[i]));
    $('show-earlier').replaceWith(frag);
    main.scrollTop = main.scrollHeight - fromBottom;
  }

  // ------------------------------------------------------------------ the tree

  var treeScroll = $('tree-scroll');
  var treeRows = $('tree-rows');
  var spacer = $('tree-spacer');
  var ROW_H = 24;
  var folded = new Set();
  var visible = [];
  var filter = '';

  function rebuildVisible() {
    visible = [];
    if (filter) {
      for (var i = 0; i < rows.length; i++) {
        var row = rows[i];
        if (row[R_ID].toLowerCase().indexOf(filter) >= 0 || row[R_TEXT].toLowerCase().indexOf(filter) >= 0
            || (row[R_LABEL] && row[R_LABEL].toLowerCase().indexOf(filter) >= 0)) visible.push(i);
      }
    } else {
      for (var j = 0; j < rows.length; j++) {
        visible.push(j);
        if (folded.has(j)) j += rows[j][R_SIZE];
      }
    }
    spacer.style.height = visible.length * ROW_H + 'px';
    $('tree-status').textContent = (filter ? visible.length + ' of ' : '') + rows.length
      + (rows.length === 1 ? ' entry' : ' entries') + (folded.size && !filter ? ' \u00b7 ' + folded.size + ' folded' : '');
  }

  function renderTree() {
    var top = treeScroll.scrollTop;
    var height = treeScroll.clientHeight || 600;
    var first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN);
    var last = Math.min(visible.length, Math.ceil((top + height) / ROW_H) + OVERSCAN);
    var frag = document.createDocumentFragment();
    for (var v = first; v < last; v++) frag.append(treeRow(visible[v], v));
    treeRows.textContent = '';
    treeRows.append(frag);
  }

  // The nearest row at or above each row that starts a branch: parents come before their
  // children in the rows, so one pass finds them all. It gives each row its guide lines.
  var branchStart = new Int32Array(rows.length);
  for (var b = 0; b < rows.length; b++) {
    branchStart[b] = rows[b][R_FLAGS] & F_BRANCH ? b : rows[b][R_PARENT] >= 0 ? branchStart[rows[b][R_PARENT]] : -1;
  }

  /** The guides left of a row: '│' where an enclosing branch has siblings below, '├'/'└' where it starts one. */
  function guides(i) {
    var indent = rows[i][R_INDENT];
    var marks = new Array(indent + 1).fill(' ');
    for (var x = branchStart[i]; x >= 0; x = rows[x][R_PARENT] >= 0 ? branchStart[rows[x][R_PARENT]] : -1) {
      var level = rows[x][R_INDENT];
      var last = rows[x][R_FLAGS] & F_LAST;
      marks[level] = x === i ? (last ? '\u2514' : '\u251c') : (last ? ' ' : '\u2502');
    }
    return marks;
  }

  function treeRow(i, position) {
    var row = rows[i];
    var flags = row[R_FLAGS];
    var indent = filter ? 0 : Math.min(row[R_INDENT], MAX_INDENT);
    var marks = filter ? [' '] : guides(i);
    var prefix = [];
    for (var level = Math.max(1, marks.length - MAX_INDENT); level < marks.length; level++) {
      prefix.push(h('span', { class: 'guide' }, marks[level]));
    }
    var cls = 'row k-' + row[R_KIND] + (onPath.has(i) ? ' on-path' : '') + (i === selected ? ' selected' : '')
      + (flags & F_ERROR ? ' error' : '');
    var el = h('div', { class: cls, role: 'treeitem', 'data-id': row[R_ID], 'data-row': i,
      title: row[R_ID] + ' ' + row[R_TEXT] + (row[R_LABEL] ? ' [' + row[R_LABEL] + ']' : '') },
      prefix,
      flags & F_FORK && !filter ? h('button', { class: 'fold', type: 'button', 'data-fold': i,
        title: folded.has(i) ? 'Unfold ' + row[R_SIZE] + ' entries' : 'Fold the branches below' }, folded.has(i) ? '\u25b8' : '\u25be')
        : h('span', { class: 'glyph' }, marks.length === 1 && marks[0] !== ' ' ? marks[0] : '\u00b7'),
      h('span', { class: 'rid' }, row[R_ID]),
      h('span', { class: 'txt' }, row[R_TEXT]),
      row[R_LABEL] ? h('span', { class: 'badge' }, row[R_LABEL]) : null,
      i === index.leaf ? h('span', { class: 'leaf-mark' }, '\u25c0 leaf') : null);
    el.style.top = position * ROW_H + 'px';
    el.style.paddingLeft = (indent > MAX_INDENT ? 0 : 4) + 'px';
    return el;
  }

  /** Unfolds the row's ancestors and scrolls the tree so that the row is in view. */
  function revealRow(row) {
    var changed = false;
    for (var x = rows[row][R_PARENT]; x >= 0; x = rows[x][R_PARENT]) if (folded.delete(x)) changed = true;
    if (changed) rebuildVisible();
    var position = visible.indexOf(row);
    if (position < 0) return;
    var top = position * ROW_H;
    var height = treeScroll.clientHeight || 600;
    if (top < treeScroll.scrollTop || top + ROW_H > treeScroll.scrollTop + height) {
      treeScroll.scrollTop = Math.max(0, top - height / 3);
    }
  }

  treeRows.addEventListener('click', function (event) {
    var foldBtn = event.target.closest('[data-fold]');
    if (foldBtn) {
      var f = Number(foldBtn.getAttribute('data-fold'));
      if (!folded.delete(f)) folded.add(f);
      rebuildVisible();
      renderTree();
      return;
    }
    var rowEl = event.target.closest('[data-row]');
    if (rowEl) select(Number(rowEl.getAttribute('data-row')), false);
  });

  var scheduled = false;
  treeScroll.addEventListener('scroll', function () {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; renderTree(); });
  });
  window.addEventListener('resize', function () { renderTree(); });

  var filterTimer = 0;
  $('tree-filter').addEventListener('input', function (event) {
    clearTimeout(filterTimer);
    var value = event.target.value;
    filterTimer = setTimeout(function () {
      filter = value.trim().toLowerCase();
      rebuildVisible();
      treeScroll.scrollTop = 0;
      renderTree();
      if (!filter && selected >= 0) { revealRow(selected); renderTree(); }
    }, 120);
  });

  // ------------------------------------------------------------------ sidebar and header

  var app = $('app');
  function isNarrow() { return window.matchMedia('(max-width: 760px)').matches; }
  function closeSidebar() { app.classList.remove('side-open'); }
  $('side-toggle').addEventListener('click', function () {
    if (isNarrow()) app.classList.toggle('side-open');
    else app.classList.toggle('side-hidden');
    renderTree();
  });
  $('side-close').addEventListener('click', function () {
    if (isNarrow()) closeSidebar();
    else app.classList.add('side-hidden');
  });
  $('scrim').addEventListener('click', closeSidebar);

  var leafButton = $('leaf-btn');
  if (index.leaf < 0) {
    leafButton.disabled = true;
    leafButton.title = 'The leaf is before the first entry: the next entry would start a new root';
  }
  leafButton.addEventListener('click', function () { if (index.leaf >= 0) select(index.leaf, true); });

  function renderInfo() {
    var header = index.header || {};
    var stats = index.stats || {};
    var msgs = stats.messages || {};
    var counts = Object.keys(msgs).map(function (k) { return msgs[k] + ' ' + k; }).join(', ');
    var items = [
      ['File', index.file], ['Session', header.id], ['Directory', header.cwd],
      ['Started', header.timestamp], ['Entries', stats.entries + (counts ? ' (messages: ' + counts + ')' : '')],
      ['Tokens', stats.tokens ? stats.tokens.toLocaleString() + (stats.cost ? ' \u00b7 $' + Number(stats.cost).toFixed(4) : '') : null],
      ['Models', stats.models && stats.models.length ? stats.models.join(', ') : null],
      ['Forked from', header.parentSession], ['Leaf', index.leaf >= 0 ? rows[index.leaf][R_ID] : 'before the first entry']];
    var dl = h('dl');
    items.forEach(function (item) { if (item[1] != null && item[1] !== '') dl.append(h('dt', null, item[0]), h('dd', null, String(item[1]))); });
    var warnings = (index.warnings || []).map(function (w) { return h('div', { class: 'warn' }, 'warning: ' + w); });
    var line = [stats.entries + (stats.entries === 1 ? ' entry' : ' entries'),
      stats.models && stats.models.length ? stats.models.join(', ') : null,
      stats.cost ? '$' + Number(stats.cost).toFixed(4) : null,
      warnings.length ? warnings.length + (warnings.length === 1 ? ' warning' : ' warnings') : null];
    var d = fold('info', [h('span', { class: 'name' }, 'Session'), ' \u00b7 ' + line.filter(Boolean).join(' \u00b7 ')],
      warnings.length > 0, function () { return [dl, warnings]; });
    $('info').append(d);
  }

  // ------------------------------------------------------------------ start

  renderInfo();
  rebuildVisible();
  var start = -1;
  var hash = '';
  try { hash = decodeURIComponent(location.hash.slice(1)); } catch (e) { hash = ''; }
  if (hash && rowById.has(hash)) start = rowById.get(hash);
  else if (index.leaf >= 0) start = index.leaf;
  else if (rows.length) start = rows.length - 1;
  if (start >= 0) {
    select(start, true);
  } else {
    messages.textContent = '';
    messages.append(h('p', null, 'This session has no entries.'));
    renderTree();
  }
})();
