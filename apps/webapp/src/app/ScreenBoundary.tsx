import { Component, type ReactNode } from "react";
import { Page } from "../components/ui/Page";
import { toHttpError, type HttpError } from "../lib/http";
import { useT } from "../lib/i18n";

/**
 * Gateway build: a lazy screen whose chunk or texts could not be loaded (connection lost, or a newer build on the
 * gateway whose chunks have other names) shows the page's error with Retry instead of unmounting the whole app.
 * Retry reloads the page: React keeps a failed lazy import failed, and a newer entry names the new chunks.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error?: HttpError }> {
  override state: { error?: HttpError } = {};

  static getDerivedStateFromError(e: unknown): { error: HttpError } {
    return { error: toHttpError(e) };
  }

  override render() {
    return this.state.error ? <ScreenFailed error={this.state.error} /> : this.props.children;
  }
}

function ScreenFailed({ error }: { error: HttpError }) {
  const t = useT();
  return <Page title={t("common.appName")} error={error} onRetry={() => location.reload()} />;
}
