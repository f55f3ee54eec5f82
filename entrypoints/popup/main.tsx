import { signal } from '@preact/signals';
import { render } from 'preact';

const count = signal(0);
function App() {
  return (
    <button type="button" onClick={() => count.value++}>
      Hogmark {count}
    </button>
  );
}
const root = document.getElementById('app');
if (root) render(<App />, root);
