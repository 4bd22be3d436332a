/**
 * Checklist item 5: the page gets no permission at all (camera, notifications, geolocation, HID,
 * serial, USB, clipboard-read, …): requests and checks are answered "no" for the whole session.
 */
import type { Session } from 'electron';

/** Installs deny-all permission handlers on `session`. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
}
