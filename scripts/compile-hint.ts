/**
 * V8's explicit compile hint (Chromium 136 on): every function of the file is compiled with the
 * script, off the main thread or into the code cache Chromium keeps for it. Without it, the functions
 * the popup's first view calls after its module has run (Preact's render, the components) are
 * compiled on the main thread in every new renderer process, which is where a popup opened after the
 * worker stopped runs (docs/BENCHMARK.md, runs BK–BM: its first render there took 7.5–9.8 ms with it,
 * 17.4–18.8 ms without, in probes).
 * Firefox and older Chromium read it as a comment. On the popup's own script only: a chunk it loads
 * on demand keeps compiling lazily.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
