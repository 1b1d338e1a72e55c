// The component both agents draw, frame after frame, in bench/component-frame.sh: a bordered dialog
// (a box with a title, a paragraph of text and a select list of 12 items) whose selection moves
// every frame, so that no cache spares a frame its work. `make(pitui, coding, theme, onRender)`
// returns it; `move()` moves the selection.
export function make(pitui, coding, theme) {
  const { Box, Container, SelectList, Text } = pitui;
  const items = Array.from({ length: 12 }, (_, i) => ({ value: "item-" + i, label: "Item number " + i,
    description: "what item " + i + " is for, in a few words" }));
  const list = new SelectList(items, 8, coding.getSelectListTheme());
  const box = new Box(1, 0, (t) => theme.bg("customMessageBg", t));
  box.addChild(new Text(theme.bold(theme.fg("accent", "Choose an item")), 0, 0));
  box.addChild(new Text("A paragraph that explains the choice in more words than fit on one line of the dialog, "
    + "so that it wraps at least once.", 0, 0));
  const dialog = new Container();
  dialog.addChild(new coding.DynamicBorder((s) => theme.fg("accent", s)));
  dialog.addChild(box);
  dialog.addChild(list);
  dialog.addChild(new coding.DynamicBorder((s) => theme.fg("accent", s)));
  let frame = 0;
  return {
    component: dialog,
    move() {
      frame++;
      list.setSelectedIndex(frame % items.length);
      box.invalidate();
    },
  };
}
