/**
 * V8's explicit compile hint (Chromium 136 on): every function of the file is compiled with the
 * script, and kept in the code cache Chromium makes for it. Without it, the functions
 * the popup's first view calls after its module has run (Preact's render, the components) are
 * compiled on the main thread in every new renderer process, which is where a popup opened after the
 * worker stopped runs (docs/BENCHMARK.md, runs BK–BM: its first render there took 7.5–9.8 ms with it,
 * 17.4–18.8 ms without, in probes). In a fresh profile, with no code cache yet, compiling it all
 * holds the first popup's script back instead (about 22 ms in probes, where without the hint its
 * render compiled what it called: docs/BENCHMARK.md, runs BN–BP; those probes ran straight after
 * the browser's launch, under its own start-up, and were not taken again in a quiet browser).
 * Firefox and older Chromium read it as a comment. On the popup's own script only: a chunk it loads
 * on demand keeps compiling lazily.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
