/** Google's encoded polyline format (precision 5), which Strava uses for map.summary_polyline. */
export function encodePolyline(points: ReadonlyArray<readonly [number, number]>): string {
  let output = '';
  let previousLat = 0;
  let previousLng = 0;
  for (const [lat, lng] of points) {
    const latE5 = Math.round(lat * 1e5);
    const lngE5 = Math.round(lng * 1e5);
    output += encodeSigned(latE5 - previousLat) + encodeSigned(lngE5 - previousLng);
    previousLat = latE5;
    previousLng = lngE5;
  }
  return output;
}

function encodeSigned(value: number): string {
  let remaining = value < 0 ? ~(value << 1) : value << 1;
  let output = '';
  while (remaining >= 0x20) {
    output += String.fromCharCode((0x20 | (remaining & 0x1f)) + 63);
    remaining >>= 5;
  }
  return output + String.fromCharCode(remaining + 63);
}

/** Inverse of encodePolyline, for tests and debugging. */
export function decodePolyline(encoded: string): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const nextValue = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += nextValue();
    lng += nextValue();
    points.push([lat / 1e5, lng / 1e5]);
  }
  return points;
}
