/** A row of pressed/unpressed buttons choosing one view of a list (the admin queues' filters). */
export function Segmented<Key extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: Record<Key, string>;
  value: Key;
  onChange: (key: Key) => void;
}) {
  return (
    <fieldset class="segmented">
      <legend class="visually-hidden">{legend}</legend>
      {(Object.keys(choices) as Key[]).map((key) => (
        <button key={key} type="button" aria-pressed={value === key} onClick={() => onChange(key)}>
          {choices[key]}
        </button>
      ))}
    </fieldset>
  );
}
