// node:crypto: hashes and HMACs (createHash, createHmac, hash; Java's MessageDigest and Mac behind
// numbered handles), random bytes, UUIDs and integers (Java's SecureRandom), timingSafeEqual, and
// the web's crypto global (getRandomValues, randomUUID, subtle.digest).
(function (internals) {
  "use strict";
  const call = internals.call;
  const buffer = internals.builtin("buffer");
  const Buffer = buffer.Buffer;

  function bytesOf(data, encoding, name) {
    if (typeof data === "string") return Buffer.from(data, encoding);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"" + name + "\" argument must be of type string or an instance of"
      + " Buffer, TypedArray, or DataView. Received " + (data === null ? "null" : typeof data));
  }

  function output(ab, encoding) {
    const b = buffer._wrap(ab);
    return encoding === undefined || encoding === "buffer" ? b : b.toString(encoding);
  }

  class Hash {
    constructor(algorithm, handle) {
      this._algorithm = algorithm;
      this._handle = handle;
      this._done = false;
    }
    update(data, encoding) {
      if (this._done) {
        const e = new Error("Digest already called");
        e.code = "ERR_CRYPTO_HASH_FINALIZED";
        throw e;
      }
      const b = bytesOf(data, encoding, "data");
      call("hashUpdate", this._handle, b.buffer, b.byteOffset, b.byteOffset + b.byteLength);
      return this;
    }
    digest(encoding) {
      if (this._done) {
        const e = new Error("Digest already called");
        e.code = "ERR_CRYPTO_HASH_FINALIZED";
        throw e;
      }
      this._done = true;
      return output(call("hashDigest", this._handle), encoding);
    }
    copy() {
      throw new Error("hash.copy: not available in graft");
    }
  }

  function createHash(algorithm) {
    return new Hash(algorithm, call("hash", String(algorithm)));
  }

  function createHmac(algorithm, key, options) {
    const k = typeof key === "object" && key !== null && key.type === "secret" && key._bytes ? key._bytes : bytesOf(key, "utf8", "key");
    return new Hash(algorithm, call("hmac", String(algorithm), k.buffer, k.byteOffset, k.byteOffset + k.byteLength));
  }

  function randomBytes(size, callback) {
    if (typeof size !== "number" || size < 0 || size > 2 ** 31 - 1 || size !== Math.floor(size)) {
      const e = new RangeError("The value of \"size\" is out of range. It must be >= 0 && <= 2147483647. Received " + size);
      e.code = "ERR_OUT_OF_RANGE";
      throw e;
    }
    const b = buffer._wrap(call("random", size));
    if (typeof callback === "function") {
      queueMicrotask(() => callback(null, b));
      return undefined;
    }
    return b;
  }

  function randomFillSync(view, offset, size) {
    const start = offset || 0;
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const n = size === undefined ? bytes.length - start : size;
    bytes.set(new Uint8Array(call("random", n)), start);
    return view;
  }

  function getRandomValues(view) {
    if (!ArrayBuffer.isView(view) || view instanceof Float32Array || view instanceof Float64Array || view instanceof DataView) {
      const e = new TypeError("The data argument must be an integer-type TypedArray");
      e.name = "TypeMismatchError";
      e.code = 17;
      throw e;
    }
    if (view.byteLength > 65536) {
      const e = new Error("The ArrayBufferView's byte length (" + view.byteLength + ") exceeds the number of bytes of entropy available via this API (65536)");
      e.name = "QuotaExceededError";
      throw e;
    }
    const random = new Uint8Array(call("random", view.byteLength));
    new Uint8Array(view.buffer, view.byteOffset, view.byteLength).set(random);
    return view;
  }

  function randomUUID() {
    return call("uuid");
  }

  function randomInt(min, max, callback) {
    if (typeof max !== "number") {
      callback = max;
      max = min;
      min = 0;
    }
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min) {
      const e = new RangeError("The value of \"max\" is out of range. It must be greater than the value of \"min\" (" + min + "). Received " + max);
      e.code = "ERR_OUT_OF_RANGE";
      throw e;
    }
    const range = max - min;
    const bytes = new Uint8Array(call("random", 6));
    let n = 0;
    for (let i = 0; i < 6; i++) n = n * 256 + bytes[i];
    const v = min + (n % range);
    if (typeof callback === "function") {
      queueMicrotask(() => callback(null, v));
      return undefined;
    }
    return v;
  }

  function timingSafeEqual(a, b) {
    const x = bytesOf(a, undefined, "buf1");
    const y = bytesOf(b, undefined, "buf2");
    if (x.byteLength !== y.byteLength) {
      const e = new RangeError("Input buffers must have the same byte length");
      e.code = "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH";
      throw e;
    }
    let diff = 0;
    for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
    return diff === 0;
  }

  function hash(algorithm, data, outputEncoding) {
    const h = createHash(algorithm).update(data);
    return h.digest(outputEncoding === undefined ? "hex" : outputEncoding);
  }

  const SUBTLE = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };
  const subtle = {
    digest(algorithm, data) {
      const name = typeof algorithm === "string" ? algorithm : algorithm && algorithm.name;
      const node = SUBTLE[String(name).toUpperCase()];
      if (node === undefined) return Promise.reject(new Error("Unrecognized algorithm name"));
      try {
        const b = createHash(node).update(bytesOf(data, undefined, "data")).digest();
        return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
  const webcrypto = { getRandomValues, randomUUID, subtle };

  function unavailable(name) {
    return function () {
      throw new Error("crypto." + name + ": not available in graft (hashes, HMACs and random values are)");
    };
  }

  return {
    createHash,
    createHmac,
    hash,
    randomBytes,
    pseudoRandomBytes: randomBytes,
    randomFillSync,
    randomFill(view, offset, size, callback) {
      const cb = [offset, size, callback].find((x) => typeof x === "function");
      const o = typeof offset === "number" ? offset : 0;
      const n = typeof size === "number" ? size : undefined;
      queueMicrotask(() => cb(null, randomFillSync(view, o, n)));
    },
    randomUUID,
    randomInt,
    getRandomValues,
    timingSafeEqual,
    getHashes: () => JSON.parse(call("hashNames")),
    getCiphers: () => [],
    getCurves: () => [],
    webcrypto,
    subtle,
    constants: {},
    Hash,
    Hmac: Hash,
    createCipheriv: unavailable("createCipheriv"),
    createDecipheriv: unavailable("createDecipheriv"),
    createSign: unavailable("createSign"),
    createVerify: unavailable("createVerify"),
    generateKeyPair: unavailable("generateKeyPair"),
    generateKeyPairSync: unavailable("generateKeyPairSync"),
    createPublicKey: unavailable("createPublicKey"),
    createPrivateKey: unavailable("createPrivateKey"),
    createSecretKey(key, encoding) {
      return { type: "secret", _bytes: bytesOf(key, encoding, "key"), export: () => Buffer.from(bytesOf(key, encoding, "key")) };
    },
    pbkdf2: unavailable("pbkdf2"),
    pbkdf2Sync: unavailable("pbkdf2Sync"),
    scrypt: unavailable("scrypt"),
    scryptSync: unavailable("scryptSync"),
    createDiffieHellman: unavailable("createDiffieHellman"),
    createECDH: unavailable("createECDH"),
    publicEncrypt: unavailable("publicEncrypt"),
    privateDecrypt: unavailable("privateDecrypt"),
    sign: unavailable("sign"),
    verify: unavailable("verify"),
  };
})
