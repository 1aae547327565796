import { Overview } from "../features/overview/Overview";

/** `/` of a gateway's top level with several devices (gateway build only, issue 24 §4); the view is features/overview. */
export function OverviewScreen() {
  return <Overview />;
}
