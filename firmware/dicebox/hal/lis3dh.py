"""LIS3DH accelerometer on I2C: 100 Hz, +-4 g, high resolution, milli-g out.

Registers from the ST datasheet: WHO_AM_I (0x0F) reads 0x33; CTRL_REG1 (0x20)
= 0x57 is 100 Hz, normal/high-resolution power mode, X/Y/Z on; CTRL_REG4
(0x23) = 0x98 is block data update, +-4 g, high resolution (12 bits,
2 mg/digit). STATUS_REG (0x27) and OUT_X_L..OUT_Z_H (0x28..0x2D) are read in
one burst from 0x27 with the auto-increment bit (0x80) set in the register
address, into a preallocated 7-byte buffer.
"""
from micropython import const

_WHO_AM_I = const(0x0F)
_ID = const(0x33)
_CTRL_REG1 = const(0x20)
_CTRL_REG2 = const(0x21)
_CTRL_REG3 = const(0x22)
_CTRL_REG4 = const(0x23)
_INT1_CFG = const(0x30)
_INT1_SRC = const(0x31)
_INT1_THS = const(0x32)
_INT1_DURATION = const(0x33)
_STATUS_BURST = const(0x27 | 0x80)
_ZYXDA = const(0x08)
_MG_PER_DIGIT = const(2)      # +-4 g, high resolution


class LIS3DH:
    def __init__(self, i2c, addr=0x18):
        self.i2c = i2c
        self.addr = addr
        self._buf = bytearray(7)
        self._one = bytearray(1)
        who = self._read(_WHO_AM_I)
        if who != _ID:
            raise OSError("LIS3DH not found at 0x%02x (WHO_AM_I=0x%02x)" % (addr, who))
        self._write(_CTRL_REG1, 0x57)
        self._write(_CTRL_REG4, 0x98)
        self.samples = 0

    def _read(self, reg):
        self.i2c.readfrom_mem_into(self.addr, reg, self._one)
        return self._one[0]

    def _write(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.addr, reg, self._one)

    def read_into(self, xyz):
        """Store the newest sample (mg) in xyz[0..2]; False if none is new."""
        b = self._buf
        self.i2c.readfrom_mem_into(self.addr, _STATUS_BURST, b)
        if not b[0] & _ZYXDA:
            return False
        for i in range(3):
            v = b[1 + 2 * i] | (b[2 + 2 * i] << 8)
            if v & 0x8000:
                v -= 0x10000
            xyz[i] = (v >> 4) * _MG_PER_DIGIT
        self.samples += 1
        return True

    def wake_on_motion(self, threshold_mg=250):
        """Raise INT1 when any axis moves more than threshold_mg (high-pass filtered)."""
        ths = threshold_mg // 32           # 32 mg per LSB at +-4 g
        self._write(_CTRL_REG2, 0x01)       # high-pass filter on interrupt 1
        self._write(_INT1_THS, max(1, min(127, ths)))
        self._write(_INT1_DURATION, 0)
        self._write(_INT1_CFG, 0x2A)        # X, Y or Z high event
        self._write(_CTRL_REG3, 0x40)       # IA1 on INT1
        self._read(_INT1_SRC)               # clear a pending interrupt

    def moved(self):
        """True if the motion interrupt fired since the last call (reading clears it)."""
        return bool(self._read(_INT1_SRC) & 0x40)

    def sleep(self):
        self._write(_CTRL_REG1, 0x07)       # power-down (ODR 0), axes kept enabled

    def wake(self):
        self._write(_CTRL_REG1, 0x57)
