import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import clsx from 'clsx';
import { useTrans } from '../../../lib/translator.ts';

interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  labelId: string;
  invalid?: boolean;
}

/**
 * The custom pages' editor (TipTap; loaded only when a page is edited). The server sanitises
 * what it produces on save, and the page sanitises it again when shown.
 */
export default function RichTextEditor({ value, onChange, labelId, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-page min-h-64 px-4 py-3 outline-none',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  if (!editor) return null;
  return (
    <div
      className={clsx(
        'rounded-lg border bg-bg-elevated focus-within:ring-2 focus-within:ring-primary/40',
        invalid ? 'border-danger' : 'border-border',
      )}
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const trans = useTrans();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: { key: keyof typeof state; label: string; text: string; run(): void }[] = [
    { key: 'bold', label: trans('Bold'), text: 'B', run: () => chain().toggleBold().run() },
    { key: 'italic', label: trans('Italic'), text: 'I', run: () => chain().toggleItalic().run() },
    {
      key: 'h2',
      label: trans('Heading'),
      text: 'H2',
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: trans('Subheading'),
      text: 'H3',
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullets',
      label: trans('Bulleted list'),
      text: '•',
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: trans('Numbered list'),
      text: '1.',
      run: () => chain().toggleOrderedList().run(),
    },
    { key: 'quote', label: trans('Quote'), text: '“', run: () => chain().toggleBlockquote().run() },
    {
      key: 'link',
      label: trans('Link'),
      text: '🔗',
      run: () => {
        if (editor.isActive('link')) return void chain().unsetLink().run();
        const href = window.prompt(trans('Link address'));
        if (href) chain().setLink({ href }).run();
      },
    },
  ];
  return (
    <div
      role="toolbar"
      aria-label={trans('Formatting')}
      className="flex flex-wrap gap-1 border-b border-border p-1.5"
    >
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          aria-label={button.label}
          title={button.label}
          aria-pressed={state[button.key]}
          onClick={button.run}
          className={clsx(
            'min-w-8 rounded px-2 py-1 text-sm font-semibold hover:bg-bg-hover',
            'focus-visible:outline-2 focus-visible:outline-primary',
            state[button.key] && 'bg-bg-hover text-primary',
          )}
        >
          <span aria-hidden="true">{button.text}</span>
        </button>
      ))}
    </div>
  );
}
