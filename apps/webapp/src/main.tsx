import { createRoot } from "react-dom/client";

const root = document.getElementById("app");
if (root) createRoot(root).render(<p>OpenDTU web app</p>);
