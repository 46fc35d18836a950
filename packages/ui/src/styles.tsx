// The screens' own styles, shipped as one <style> element so web and desktop need no CSS loader.
// Colours keep at least 4.5:1 contrast on white; focus is always visible.
export const uiCss = `
.ir-screen { font: 15px/1.45 system-ui, sans-serif; color: #1a1a1a; }
.ir-screen :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.ir-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.ir-drop { border: 2px dashed #5f6368; border-radius: 8px; padding: 1.2rem; text-align: center; }
.ir-drop.ir-over { border-color: #0b57d0; background: #e8f0fe; }
.ir-uploads { list-style: none; padding: 0; margin: .5rem 0; }
.ir-uploads li { display: flex; gap: .6rem; align-items: center; padding: .2rem 0; }
.ir-uploads progress { width: 10rem; }
.ir-error { color: #a50e0e; }
.ir-detail { font-size: .9em; overflow-wrap: anywhere; }
.ir-ok { color: #0d652d; }
.ir-toolbar { display: flex; gap: 1rem; flex-wrap: wrap; align-items: end; margin: 1rem 0; }
.ir-toolbar label, .ir-form label { display: flex; flex-direction: column; gap: .2rem; font-weight: 600; }
.ir-screen input, .ir-screen select, .ir-screen button { font: inherit; }
.ir-screen button { padding: .35rem .8rem; border: 1px solid #5f6368; border-radius: 6px; background: #fff; color: #1a1a1a; cursor: pointer; }
.ir-screen button.ir-primary { background: #0b57d0; border-color: #0b57d0; color: #fff; }
.ir-screen button.ir-danger { background: #a50e0e; border-color: #a50e0e; color: #fff; }
.ir-screen button:disabled { opacity: .6; cursor: default; }
/* Busy while its request runs (BusyButton): unavailable but still focused. */
.ir-screen button[aria-disabled="true"] { opacity: .6; cursor: progress; }
.ir-table-scroll { overflow-x: auto; max-width: 100%; position: relative; }
.ir-table { border-collapse: collapse; width: 100%; }
.ir-table th, .ir-table td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #dadce0; }
.ir-table td.ir-num { text-align: right; white-space: nowrap; }
.ir-badge { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-size: .85em; border: 1px solid currentColor; }
.ir-st-confirmed, .ir-st-done { color: #0d652d; }
.ir-st-flagged, .ir-st-failed { color: #a50e0e; }
.ir-st-unconfirmed, .ir-st-queued, .ir-st-processing { color: #8a4a00; }
.ir-st-missing { color: #5f6368; }
.ir-review { display: grid; grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr); gap: 1.2rem; align-items: start; }
.ir-review > section:first-child { position: sticky; top: .5rem; }
@media (max-width: 900px) { .ir-review { grid-template-columns: 1fr; } .ir-review > section:first-child { position: static; } }
.ir-page { position: relative; border: 1px solid #dadce0; line-height: 0; }
.ir-page img { width: 100%; height: auto; display: block; }
/* A box is a button sized by its bbox alone: no margin, padding, minimum size or line box of
   the host's or the screen's button rules (more specific than .ir-screen button and button). */
.ir-page button.ir-box { position: absolute; box-sizing: border-box; margin: 0; padding: 0; min-width: 0; min-height: 0; line-height: 0; font-size: 0; border: 2px solid; border-radius: 2px; background: transparent; cursor: pointer; }
.ir-page .ir-box.ir-st-confirmed { border-color: #1e8e3e; background: rgba(30,142,62,.08); }
.ir-page .ir-box.ir-st-flagged { border-color: #d93025; background: rgba(217,48,37,.12); }
.ir-page .ir-box.ir-st-unconfirmed { border-color: #e37400; background: rgba(227,116,0,.12); }
.ir-page .ir-box.ir-active { outline: 3px solid #0b57d0; outline-offset: 1px; }
.ir-fields { list-style: none; padding: 0; margin: 0; }
.ir-field { padding: .5rem; border-left: 4px solid transparent; margin-bottom: .3rem; }
.ir-field.ir-active { border-left-color: #0b57d0; background: #f1f5fe; }
.ir-field.ir-st-flagged { border-left-color: #d93025; }
.ir-field.ir-st-unconfirmed { border-left-color: #e37400; }
.ir-field label { font-weight: 600; display: block; }
.ir-field-row { display: flex; gap: .4rem; }
.ir-field-row input { flex: 1; min-width: 0; padding: .3rem; border: 1px solid #5f6368; border-radius: 4px; }
.ir-field-row input[aria-invalid="true"] { border-color: #a50e0e; }
.ir-reasons { margin: .2rem 0 0; padding-left: 1.1rem; font-size: .92em; }
.ir-dialog { border: 2px solid #a50e0e; border-radius: 8px; padding: .8rem; margin: .5rem 0; }
.ir-pager { display: flex; gap: .6rem; align-items: center; margin: .5rem 0; }
`;

export function UiStyles() {
  return <style>{uiCss}</style>;
}
