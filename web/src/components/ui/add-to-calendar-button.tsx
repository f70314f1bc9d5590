import { calendarFile, calendarFileName, type CalendarEvent } from '@shared/calendar';
import { downloadFile } from '@/lib/download-file';
import { buttonStyles } from './button-styles';

/** "Add to calendar": downloads the event as an .ics file, which phones and desktop calendars open to add it. */
export function AddToCalendarButton({
  event,
  className = buttonStyles.secondary,
}: {
  event: () => CalendarEvent;
  className?: string;
}) {
  const save = () => {
    const built = event();
    downloadFile(calendarFileName(built.title), calendarFile(built, new Date()), 'text/calendar;charset=utf-8');
  };
  return (
    <button type="button" onClick={save} className={className}>
      Add to calendar
      <span className="sr-only"> (downloads an .ics file)</span>
    </button>
  );
}
