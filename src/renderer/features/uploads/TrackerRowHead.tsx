/** The first line of an upload's row in the tracker, in progress or failed: its name and size. */
export function TrackerRowHead(props: { fileName: string; sizeText: string }) {
  return (
    <div className="ld-tracker-head">
      <span className="ld-tracker-name" title={props.fileName}>
        {props.fileName}
      </span>
      <span className="ld-tracker-size">{props.sizeText}</span>
    </div>
  );
}
