export default function IframePage({ src, title }: { src: string; title: string }) {
  return <iframe className="iframe-page" src={src} title={title} />;
}
