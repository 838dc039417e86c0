import { createRoot } from 'react-dom/client';

function Placeholder() {
  return <div style={{ fontFamily: 'sans-serif', padding: 48 }}>CaseDesk</div>;
}

createRoot(document.getElementById('root') as HTMLElement).render(<Placeholder />);
