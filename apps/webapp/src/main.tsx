// First: starts the live view's GET before React loads (issue 15 §2).
import "./features/live/prefetch";
import { createRoot } from "react-dom/client";
import "./styles/app.scss";
import { App } from "./app/App";

// SEED §9: the app mounts at #app.
const root = document.getElementById("app");
if (root) createRoot(root).render(<App />);
