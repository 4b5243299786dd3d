"""The explorer's look: one style sheet, shipped inside the widget so it works in any page."""

CSS = r"""
<style>
.ex-explorer { --ex-ink:#1f2328; --ex-soft:#59636e; --ex-line:#e3e6ea; --ex-accent:#2f6fdb; --ex-warn:#b42318;
  --ex-panel:#ffffff; --ex-bg:#f7f8fa; font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ex-ink); background: var(--ex-bg); border: 1px solid var(--ex-line); border-radius: 12px;
  padding: 14px 16px; width: 100%; box-sizing: border-box; }
.ex-explorer .widget-html-content, .ex-explorer .widget-html { font-family: inherit; }
.ex-explorer .ex-head { display:flex; align-items:baseline; gap:12px; flex-wrap:wrap; margin-bottom:4px; }
.ex-explorer .ex-title { font-size: 20px; font-weight: 700; letter-spacing: -.01em; }
.ex-explorer .ex-summary { color: var(--ex-soft); font-size: 13px; }
.ex-explorer .ex-status { font-size: 14px; line-height: 1.4; }
.ex-explorer .ex-where { color: var(--ex-soft); font-variant-numeric: tabular-nums; }
.ex-explorer .ex-over { font-weight: 700; color: #1a7f37; }
.ex-explorer .ex-tiebreak, .ex-explorer .ex-turn { color: var(--ex-soft); font-size: 12px; }
.ex-explorer .ex-card { background: var(--ex-panel); border: 1px solid var(--ex-line); border-radius: 10px;
  padding: 10px 12px; box-sizing: border-box; }
.ex-explorer .ex-section-title { font-size: 12px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .06em; color: var(--ex-soft); margin: 0 0 4px 0; }
.ex-explorer .ex-toolbar { align-items: center; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
.ex-explorer .ex-nav { border-right: 1px solid var(--ex-line); padding-right: 8px; margin-right: 4px; }
.ex-explorer .ex-speed { border-right: 1px solid var(--ex-line); padding-right: 10px; margin-right: 6px; }
.ex-explorer .ex-viewer::before { content: "Seen by"; font-size: 13px; color: var(--ex-soft); align-self: center;
  margin-right: 6px; }
.ex-explorer .ex-card::before { font-size: 12px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .06em; color: var(--ex-soft); margin: 0 0 4px 0; }
.ex-explorer .ex-table-card::before { content: "The table"; }
.ex-explorer .ex-play::before { content: "Play"; }
.ex-explorer .ex-teach-card::before { content: "What happened"; }
.ex-explorer .ex-moves-card::before { content: "Moves (click one to go there)"; }
.ex-explorer .ex-panel::before { content: "Scores"; }
.ex-explorer .ex-toolbar .widget-button, .ex-explorer .ex-toolbar .widget-toggle-button { width: auto; min-width: 38px; }
.ex-explorer .ex-nav button { font-size: 15px; }
.ex-explorer button.jupyter-button { border-radius: 6px; }
.ex-explorer .ex-autoplay button.mod-active, .ex-explorer .ex-autoplay.mod-active { background: #ffe8a3; }
.ex-explorer .ex-viewer .widget-toggle-button { width: auto; padding: 0 10px; }
.ex-explorer .ex-viewer { width: auto; display: flex; align-items: center; }

.ex-explorer .ex-main { gap: 12px; align-items: flex-start; }
.ex-explorer .ex-left { flex: 1 1 640px; min-width: 0; gap: 10px; }
.ex-explorer .ex-side { flex: 0 1 380px; min-width: 280px; gap: 10px; }
.ex-explorer .ex-legal { flex-wrap: wrap; gap: 6px; }
.ex-explorer .ex-legal .ex-move { width: auto; height: auto; min-height: 30px; padding: 2px 10px;
  background: #eef4ff; border: 1px solid #b9cff7; color: #173a7a; white-space: normal; text-align: left; }
.ex-explorer .ex-legal .ex-move:hover { background: #dce8ff; }
.ex-explorer .ex-trybox { align-items: center; gap: 6px; margin-top: 6px; }
.ex-explorer .ex-notation input { font-family: ui-monospace, Menlo, monospace; }
.ex-explorer .ex-play-title { font-size: 13px; color: var(--ex-soft); }
.ex-explorer .ex-msg { border-radius: 8px; padding: 8px 10px; font-size: 13px; line-height: 1.45; margin: 2px 0; }
.ex-explorer .ex-illegal, .ex-explorer .ex-error { background: #fff1f0; border: 1px solid #ffccc7; color: #5c1a14; }
.ex-explorer .ex-info { background: #f0f6ff; border: 1px solid #cfe0ff; }
.ex-explorer .ex-ok { background: #effaf1; border: 1px solid #b7e4c0; }
.ex-explorer .ex-unchanged { color: var(--ex-soft); font-size: 12px; margin-top: 2px; }
.ex-explorer .ex-teach { font-size: 14px; line-height: 1.45; }
.ex-explorer .ex-teach-head { font-size: 12px; color: var(--ex-soft); margin-bottom: 2px; }
.ex-explorer .ex-narration { font-size: 15px; margin-bottom: 6px; }
.ex-explorer .ex-rule { background: #fafbfc; border-left: 3px solid var(--ex-accent); padding: 6px 9px;
  border-radius: 0 6px 6px 0; font-size: 13px; color: #30363d; margin-top: 4px; }
.ex-explorer .ex-rule code, .ex-explorer .ex-notation-chip { background: #eef1f4; border-radius: 4px; padding: 0 4px;
  font-size: 12px; }
.ex-explorer .ex-rule a { color: var(--ex-accent); text-decoration: none; }
.ex-explorer .ex-rule a:hover { text-decoration: underline; }
.ex-explorer .ex-rulepage { font-size: 12px; margin-left: 6px; white-space: nowrap; }
.ex-explorer .ex-kind { display: inline-block; white-space: nowrap; line-height: 1.5; vertical-align: middle;
  font-size: 12px; text-transform: uppercase; letter-spacing: .04em; background: #fff4d6;
  color: #7a5200; border-radius: 4px; padding: 1px 5px; }
.ex-explorer .ex-setup .widget-dropdown, .ex-explorer .ex-setup .widget-text { width: auto; }
.ex-explorer .ex-form-row { flex-wrap: wrap; gap: 4px 14px; align-items: center; }
.ex-explorer .ex-form-row .widget-label { min-width: 0; width: auto; padding-right: 6px; }
.ex-explorer .ex-form-help { color: var(--ex-soft); font-size: 12px; }
.ex-explorer .ex-option-box { max-width: 340px; gap: 0; }
/* An option's heading can be long: its choice then goes under it, at full width, rather than squeezed
   beside it to a few letters. */
.ex-explorer .ex-option.widget-dropdown { flex-wrap: wrap; row-gap: 2px; max-width: 340px; height: auto; }
.ex-explorer .ex-option.widget-dropdown > label { white-space: normal; max-width: 100%; }
.ex-explorer .ex-option.widget-dropdown > select { flex: 1 0 12em; max-width: 100%;
  height: var(--jp-widgets-inline-height, 28px); }
.ex-explorer .ex-option-row { align-items: flex-start; gap: 8px 18px; }
.ex-explorer .ex-choices { margin: 0; padding-left: 16px; }
.ex-explorer .ex-new { background: var(--ex-accent); color: #fff; flex: 0 0 auto; width: auto; }
.ex-explorer .ex-record-row { gap: 10px; align-items: center; flex-wrap: wrap; }
.ex-explorer .ex-record-row > * { flex: 0 0 auto; }
.ex-explorer .ex-upload { width: auto; font-size: 0; padding: 0 12px; }
.ex-explorer .ex-upload::after { content: "Upload record…"; font-size: 13px; }
.ex-explorer .ex-records textarea { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
.ex-explorer a.ex-download-link { display:inline-block; padding: 5px 12px; border-radius: 6px; background:#eef4ff;
  border: 1px solid #b9cff7; color:#173a7a; text-decoration:none; font-size: 13px; }
.ex-explorer a.ex-download-link:hover { background:#dce8ff; }
.ex-explorer .ex-rules-ref summary { cursor: pointer; font-weight: 600; font-size: 14px; }
.ex-explorer .ex-ref-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
  gap: 8px 18px; margin-top: 10px; }
.ex-explorer .ex-ref-rule { padding: 6px 8px; border-radius: 6px; background: var(--ex-panel);
  border: 1px solid var(--ex-line); scroll-margin-top: 60px; }
.ex-explorer .ex-ref-rule:target { background: #fff4cc; border-color: #e0a800; }
.ex-explorer .ex-ref-head { font-size: 13px; }
.ex-explorer .ex-ref-head code { font-size: 12px; background: #eef1f4; border-radius: 4px; padding: 0 4px; }
.ex-explorer .ex-ref-text { font-size: 13px; color: #30363d; margin-top: 2px; line-height: 1.4; }
.ex-explorer .ex-options { border-collapse: collapse; margin-top: 10px; font-size: 13px; }
.ex-explorer .ex-options td, .ex-explorer .ex-options th { border-bottom: 1px solid var(--ex-line); padding: 4px 8px;
  text-align: left; vertical-align: top; }
.ex-explorer .ex-chart { overflow-x: auto; }
.ex-explorer .jupyter-widget-Collapse-header, .ex-explorer .p-Collapse-header { font-weight: 600; }

.ex-explorer .ex-handoff { background: var(--ex-panel); border: 2px dashed var(--ex-accent); border-radius: 10px;
  padding: 28px 16px; margin: 8px 0; align-items: center; gap: 12px; text-align: center; }
.ex-explorer .ex-handoff-text { font-size: 18px; }
.ex-explorer .ex-handoff-show { background: var(--ex-accent); color: #fff; font-size: 15px; height: 36px; }
.ex-explorer.ex-covered .ex-main, .ex-explorer.ex-covered .ex-panel { display: none; }
/* A lesson's question waits: what could tell its answer is hidden (see explorer.widgets.lesson). */
.ex-explorer.ex-asking .ex-panel, .ex-explorer.ex-asking .ex-gives-away { display: none; }
.ex-explorer .ex-since { background: #f6f8fa; border-radius: 8px; padding: 6px 10px; margin-bottom: 8px; }
.ex-explorer .ex-since ul { margin: 2px 0 0 0; padding-left: 18px; font-size: 13px; line-height: 1.45; }
.ex-explorer .ex-since-marked { font-weight: 600; }
.ex-explorer .ex-callout { display: inline-block; font-size: 12px; font-weight: 700; background: #ffe8a3;
  color: #5c3b00; border-radius: 4px; padding: 0 5px; text-transform: uppercase; letter-spacing: .03em; }
.ex-explorer .ex-results-card { border: 2px solid #1a7f37; }
.ex-explorer .ex-results-card::before { content: "Results"; }
.ex-explorer .ex-results-head { font-size: 18px; font-weight: 700; color: #1a7f37; margin-bottom: 6px; }
.ex-explorer .ex-ranking { border-collapse: collapse; font-size: 14px; margin-bottom: 6px; }
.ex-explorer .ex-ranking th, .ex-explorer .ex-ranking td { text-align: left; padding: 4px 10px 4px 0;
  border-bottom: 1px solid var(--ex-line); vertical-align: top; }
.ex-explorer .ex-ranking .ex-total { font-weight: 700; font-variant-numeric: tabular-nums; text-align: right; }
.ex-explorer .ex-ranking .ex-winner th::after { content: " ★"; color: #b08800; }
.ex-explorer .ex-part { display: inline-block; background: #f3f4f6; border-radius: 4px; padding: 0 6px; margin: 1px 2px;
  font-size: 13px; }
.ex-explorer .ex-tiebreak-words { font-size: 14px; margin: 4px 0; }
.ex-explorer .ex-results-actions { gap: 8px; margin-top: 6px; }
.ex-explorer .ex-rematch { background: var(--ex-accent); color: #fff; }
.ex-explorer a.ex-gallery { font-size: 13px; color: var(--ex-accent); text-decoration: none; margin-right: 4px; }
.ex-explorer a.ex-gallery:hover { text-decoration: underline; }
.ex-explorer .ex-keys { font-size: 12px; color: var(--ex-soft); margin-left: 8px; white-space: nowrap; }
.ex-explorer kbd { font: 12px ui-monospace, Menlo, monospace; border: 1px solid #cfd6de; border-bottom-width: 2px;
  border-radius: 4px; padding: 0 4px; background: #fff; }
/* What a lesson's note names on the table: a dashed outline, told from the solid green ring by its dashes. */
.ex-explorer .ex-table [data-look]:not(rect) { outline: 3px dashed #b34700; outline-offset: 3px; border-radius: 6px; }
/* Touching the table: what may be touched shows a hand; what does something now is ringed in green. */
.ex-explorer .ex-table [data-touch] { cursor: pointer; }
.ex-explorer .ex-table [data-touch]:focus-visible { outline: 3px solid var(--ex-accent); outline-offset: 2px; }
.ex-explorer .ex-table :not(g)[data-touch-ok] { box-shadow: 0 0 0 3px #2da44e; border-radius: 6px; }
.ex-explorer .ex-table :not(g)[data-touch-ok]:hover { box-shadow: 0 0 0 4px #1a7f37; }
/* A table played by touch heads its card itself: its title, then the prompt on the same row, so the table
   starts at the same height with a prompt or without one. */
.ex-explorer.ex-touchable .ex-table-card::before { display: none; }
.ex-explorer:not(.ex-touchable) .ex-table-title { display: none; }
/* The heading's row holds a prompt of up to two lines (on a wide screen a longer one is cut, the whole
   sentence in its title), so the table starts at the same height with a prompt of one line, of two, or none. */
.ex-explorer .ex-touch-state { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; min-height: 48px;
  margin-bottom: 4px; }
.ex-explorer .ex-table-title { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .06em;
  color: var(--ex-soft); }
.ex-explorer .ex-touch-prompt { flex: 1 1 280px; background: #effaf1; border: 1px solid #b7e4c0; border-radius: 8px;
  padding: 3px 10px; font-size: 14px; line-height: 20px; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; overflow: hidden; }
/* A refusal: a note pinned under the target refused, over the table (the page pins it; until then, or
   without its target, it sits under the prompt).  It fades after a few seconds or at the next
   pointer-down; the next touch that does something puts it away. */
.ex-explorer .ex-refusal { flex: 1 1 100%; }
.ex-explorer .ex-refusal .ex-msg { margin: 0; }
/* clicks pass through the note to the table beneath it, but for the rule's link */
.ex-explorer .ex-refusal.ex-pinned { position: absolute; z-index: 20; width: max-content; max-width: min(440px, 92%);
  pointer-events: none; filter: drop-shadow(0 2px 6px rgba(0,0,0,.22)); }
.ex-explorer .ex-refusal.ex-pinned a { pointer-events: auto; }
/* read, it fades away (it stays in the page, where a screen reader has already read it out) */
.ex-explorer .ex-refusal.ex-pinned.ex-faded { opacity: 0; visibility: hidden; transition: opacity .4s, visibility 0s .4s; }
.ex-explorer .ex-refusal.ex-pinned::before { content: ""; position: absolute; top: -7px; left: var(--ex-arrow, 16px);
  border: 7px solid transparent; border-top: 0; border-bottom-color: #ffccc7; }
.ex-explorer .ex-buttons-toggle { margin: 4px 0; }
/* Any screen.  A projector: the explorer leaves the notebook's column for the width of the screen, and
   its text grows with it.  A phone: the table takes the width, everything else stacks below it. */
.ex-explorer .ex-table-card { overflow-x: clip; position: relative; }
.ex-explorer .ex-touch-relay { margin: 0; }
/* the table's HTML is a flex item: without this it would be as wide as its widest line, not as its card */
.ex-explorer .ex-table > .widget-html-content { min-width: 0; flex: 1 1 auto; }
.ex-explorer .ex-moves-toggle { display: none; }
@media (min-width: 1300px) {
  /* The page's column is laid out once, before this sheet arrives: widen it here, for a page with an explorer. */
  #rendered_cells:has(.ex-explorer) { left: 0 !important; width: 100% !important; max-width: none !important;
    padding-left: max(16px, calc((100% - 1880px) / 2)); padding-right: max(16px, calc((100% - 1880px) / 2)); }
  .ex-explorer .ex-side { flex: 0 1 440px; }
}
@media (min-width: 1700px) {
  .ex-explorer { zoom: 1.2; }
}
/* A steady page: the parts whose contents change size with every move keep theirs, and scroll inside. */
@media (min-width: 761px) {
  .ex-explorer .ex-movebuttons { max-height: 300px; overflow-y: auto; }
  .ex-explorer.ex-game-pets .ex-movebuttons, .ex-explorer.ex-game-keistad-kwartet .ex-movebuttons { height: 300px; }
  .ex-explorer .ex-teach-card { height: 300px; overflow-y: auto; }
  .ex-explorer .ex-play { min-height: 200px; }
  .ex-explorer.ex-game-pets .ex-table-card { min-height: 840px; }
  .ex-explorer.ex-game-pet-quartet .ex-table-card { min-height: 580px; }
}
@media (max-width: 760px) {
  .ex-explorer { padding: 8px; border-radius: 8px; }
  .ex-explorer .ex-main { flex-direction: column; align-items: stretch; }
  .ex-explorer .ex-left, .ex-explorer .ex-side { flex: 0 0 auto; width: 100%; min-width: 0; }
  .ex-explorer .ex-card { padding: 8px; }
  .ex-explorer .ex-toolbar { gap: 4px; }
  .ex-explorer .ex-nav { border-right: none; }
  .ex-explorer .ex-moves-toggle { display: inline-flex; }
  .ex-explorer .ex-keys { display: none; }
  .ex-explorer .ex-moves-card:not(.ex-open) .ex-moves { display: none; }
  .ex-explorer .ex-ref-list { grid-template-columns: 1fr; }
  .ex-explorer .ex-options { display: block; overflow-x: auto; }
  .ex-explorer .widget-toggle-buttons .widget-toggle-button { margin-bottom: 2px; }
  .ex-explorer .ex-notation { width: 100% !important; max-width: 220px; }
  /* the prompt under the heading, whole: a touch cannot hover to read a cut sentence */
  .ex-explorer .ex-touch-state { min-height: 80px; align-content: flex-start; }
  .ex-explorer .ex-touch-prompt { display: block; -webkit-line-clamp: unset; overflow: visible; }
}
/* A phone: every table fits the width of the screen.  A players' table becomes one block per player, the
   player's name above their cells, each cell named by its column, the cells wrapping as the width allows. */
@media (max-width: 760px) {
  .ex-explorer .ex-table .pq table.pq-players, .ex-explorer .ex-table .pets table.players,
  .ex-explorer .ex-table .qz table.players, .ex-explorer .ex-table .kk table, .ex-explorer .ex-table .qx table,
  .ex-explorer .ex-table table tbody { display: block; width: 100%; }
  .ex-explorer .ex-table .pq-players thead, .ex-explorer .ex-table .pets .players thead,
  .ex-explorer .ex-table .qz .players tr:first-child, .ex-explorer .ex-table .kk table tr:first-child,
  .ex-explorer .ex-table .qx table tr:first-child { display: none; }
  .ex-explorer .ex-table .pq-players tr, .ex-explorer .ex-table .pets .players tr,
  .ex-explorer .ex-table .qz .players tr, .ex-explorer .ex-table .kk table tr, .ex-explorer .ex-table .qx table tr {
    display: flex; flex-wrap: wrap; align-items: flex-start; gap: 2px 12px; padding: 4px 0;
    border-bottom: 1px solid var(--ex-line); }
  .ex-explorer .ex-table .pq-players tr > *, .ex-explorer .ex-table .pets .players tr > *,
  .ex-explorer .ex-table .qz .players tr > *, .ex-explorer .ex-table .kk table tr > *,
  .ex-explorer .ex-table .qx table tr > * { display: block; padding: 2px 4px; min-width: 0; box-sizing: border-box;
    border-top: none !important; border-right: none !important; border-bottom: none !important;
    text-align: left !important; }
  .ex-explorer .ex-table tr > td, .ex-explorer .ex-table .qz tr > th, .ex-explorer .ex-table .kk tr > th,
  .ex-explorer .ex-table .qx tr > th { border-left: none !important; }
  .ex-explorer .ex-table .pq-players tr > th, .ex-explorer .ex-table .pets .players tr > th,
  .ex-explorer .ex-table .qz .players tr > th, .ex-explorer .ex-table .kk .players tr > th,
  .ex-explorer .ex-table .qx table tr > th { flex: 1 0 100%; }
  .ex-explorer .ex-table .qz .players td.hand { order: 1; }
  .ex-explorer .ex-table .qz .players td.chest, .ex-explorer .ex-table .qz .players td.points { order: 2; }
  .ex-explorer .ex-table .pq-players td:nth-child(2), .ex-explorer .ex-table .pets .players td.hand,
  .ex-explorer .ex-table .pets .players td.front, .ex-explorer .ex-table .qz .players td.collection,
  .ex-explorer .ex-table .qz .players td.hand, .ex-explorer .ex-table .kk .players td.hand,
  .ex-explorer .ex-table .qx td.qx-shield { flex: 1 1 100%; }
  .ex-explorer .ex-table .pq-players td::before, .ex-explorer .ex-table .pets .players td::before,
  .ex-explorer .ex-table .qz .players td::before, .ex-explorer .ex-table .kk table td::before,
  .ex-explorer .ex-table .qx table td::before { display: block; font-size: 12px; font-weight: 600;
    color: var(--ex-soft); text-transform: uppercase; letter-spacing: .04em; }
  .ex-explorer .ex-table .pq-players td:nth-child(2)::before { content: "Collection"; }
  .ex-explorer .ex-table .pq-players td.pq-score::before { content: "Score"; }
  .ex-explorer .ex-table .pq-players td.pq-state::before { content: "This round"; }
  .ex-explorer .ex-table .pets .players td.front::before { content: "In front"; }
  .ex-explorer .ex-table .pets .players td.hand::before { content: "Hand"; }
  .ex-explorer .ex-table .pets .players td.now::before { content: "If the round ended now"; }
  .ex-explorer .ex-table .pets .players td:nth-child(5)::before { content: "Rounds"; }
  .ex-explorer .ex-table .pets .players td.total::before { content: "Total"; }
  .ex-explorer .ex-table .qz .players td.collection::before { content: "Collection (columns)"; }
  .ex-explorer .ex-table .qz .players td.chest::before { content: "Chest"; }
  .ex-explorer .ex-table .qz .players td.hand::before { content: "Helper hand"; }
  .ex-explorer .ex-table .qz .players td.points::before { content: "Points"; }
  .ex-explorer .ex-table .kk .players td.hand::before { content: "Hand"; }
  .ex-explorer .ex-table .kk .players td.size::before { content: "Cards"; }
  .ex-explorer .ex-table .kk .players td.laid::before { content: "Laid down"; }
  .ex-explorer .ex-table .kk .know tr > th { flex: 0 0 100%; }
  .ex-explorer .ex-table .kk .know td.kq::before { content: "Q" attr(data-quartet); }
  .ex-explorer .ex-table .kk .know td.kb::before { content: "Bonus"; }
  .ex-explorer .ex-table .kk .know td.unk::before { content: "Unknown"; }
  .ex-explorer .ex-table .kk .know tr { gap: 2px 6px; }
  .ex-explorer .ex-table .qx td.qx-tokens::before { content: "Tokens"; }
  .ex-explorer .ex-table .qx td:nth-child(4)::before { content: "Score now"; }
  .ex-explorer .ex-table .qx td:nth-child(5):empty { display: none; }
  .ex-explorer .ex-table .pets .pets-rows th { padding: 3px 4px 3px 0; }
  .ex-explorer .ex-table .pets .pets-rows td.size { display: none; }
  .ex-explorer .ex-table .pq .pq-cond { min-width: 0; flex: 1 1 140px; }
  .ex-explorer .ex-table .qz .line { min-height: 0; }
  .ex-explorer .ex-table .kk .grp, .ex-explorer .ex-table .kk .card { white-space: normal; max-width: 100%;
    box-sizing: border-box; }
}
/* Nothing under 12 px: the game tables' smallest words and numbers, raised where the tables set them. */
.ex-explorer .ex-table table thead th, .ex-explorer .ex-table th, .ex-explorer .ex-table .pq .tile,
.ex-explorer .ex-table .pq-you,
.ex-explorer .ex-table .pq-tag, .ex-explorer .ex-table .pets .zone-head, .ex-explorer .ex-table .pets .chip,
.ex-explorer .ex-table .pets .muted, .ex-explorer .ex-table .pets .you, .ex-explorer .ex-table .kk .gq,
.ex-explorer .ex-table .kk small, .ex-explorer .ex-table .qx small, .ex-explorer .ex-table .qx div,
.ex-explorer .ex-table .qz small { font-size: max(12px, 1em); }
/* Big enough to touch: the cards under a Conductor and a collection's groups. */
.ex-explorer .ex-table .pq .pq-slots .card, .ex-explorer .ex-table .pq .pq-slots .slot { width: 30px; height: 36px;
  line-height: 36px; }
.ex-explorer .ex-table .pq .pq-group { min-width: 32px; }
.ex-explorer .ex-table .pq .pq-legend .card { width: 18px; height: 18px; line-height: 18px; font-size: 12px; }
.ex-explorer .ex-table .pets .card { width: 38px; }
.ex-explorer .ex-table .pets .card small, .ex-explorer .ex-table .pets td.hand .card small,
.ex-explorer .ex-table .pets td.front .card small { font-size: 12px; letter-spacing: -.03em; }
.ex-explorer .ex-table .pets td.hand .card, .ex-explorer .ex-table .pets td.front .card { width: 38px; height: 36px; }
.ex-explorer .ex-table .kk .pip { width: 13px; height: 17px; line-height: 17px; font-size: 12px; }
.ex-explorer .ex-table svg text { font-size: max(12px, 1em); }
</style>
"""
