import { Accordion } from "../../components/ui/Accordion";
import { useT } from "../../lib/i18n";
import { renderMarkup } from "./markup";

/** SEED §2: four sections; the first (project origin) has four paragraphs and starts open. */
export function AboutSections() {
  const t = useT();
  const p = (text: string, key?: number) => <p key={key}>{renderMarkup(text)}</p>;
  return (
    <Accordion
      open={["origin"]}
      items={[
        {
          key: "origin",
          title: t("about.originTitle"),
          content: [t("about.origin1"), t("about.origin2"), t("about.origin3"), t("about.origin4")].map(p),
        },
        { key: "news", title: t("about.newsTitle"), content: p(t("about.news")) },
        { key: "bugs", title: t("about.bugsTitle"), content: p(t("about.bugs")) },
        { key: "talk", title: t("about.talkTitle"), content: p(t("about.talk")) },
      ]}
    />
  );
}
