import assert from "node:assert/strict";
import { AwsV4Signer } from "aws4fetch";
import { startFakeS3 } from "../tests/fakes/s3.ts";
import { testJpeg } from "../tests/helpers/images.ts";
import { ingestImage } from "../domains/media/mod.ts";
import { deleteImageFiles } from "../domains/media/mod.ts";
import { responsiveImage } from "./image_sizes.ts";
import { s3Storage, S3StorageError } from "./s3_storage.ts";
import { storageFromConfig } from "./configured_storage.ts";
import { loadConfig } from "../config.ts";
import { expectedSignature } from "../tests/fakes/s3.ts";

Deno.test("[s3] the signer reproduces AWS's documented Signature V4 example (GET Object with a Range)", async () => {
  // docs.aws.amazon.com AmazonS3 API sig-v4-header-based-auth, "Example: GET Object".
  const signer = new AwsV4Signer({
    method: "GET",
    url: "https://examplebucket.s3.amazonaws.com/test.txt",
    headers: {
      Range: "bytes=0-9",
      "x-amz-content-sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    },
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    service: "s3",
    region: "us-east-1",
    datetime: "20130524T000000Z",
    allHeaders: true,
  });
  const { headers } = await signer.sign();
  const expected = "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41";
  assert.equal(
    headers.get("authorization"),
    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
      `SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${expected}`,
  );
  // The fake server's own verifier agrees with AWS's example too.
  headers.set("host", "examplebucket.s3.amazonaws.com");
  const fromFake = expectedSignature(
    { method: "GET", path: "/test.txt", query: "", headers },
    ["host", "range", "x-amz-content-sha256", "x-amz-date"],
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    { date: "20130524", region: "us-east-1" },
  );
  assert.equal(fromFake, expected);
});

Deno.test("[s3] put, get and delete objects on an S3-compatible store, signed", async () => {
  const s3 = startFakeS3();
  try {
    const config = { ...s3, endpoint: `${s3.endpoint}/` };
    const storage = s3Storage(config);
    assert.equal(storage.kind, "s3");
    const bytes = new TextEncoder().encode("<svg/>");
    await storage.put("products/abc-320.webp", bytes, "image/webp");
    const object = s3.objects.get("products/abc-320.webp");
    assert.ok(object);
    assert.equal(object.contentType, "image/webp");
    assert.equal(object.cacheControl, "public, max-age=31536000, immutable");
    const back = await storage.get("products/abc-320.webp");
    assert.deepEqual(back, { bytes, contentType: "image/webp" });
    assert.equal(await storage.get("products/missing.webp"), null);
    assert.equal(await storage.get("../etc/passwd"), null);
    await storage.delete("products/abc-320.webp");
    assert.equal(s3.objects.size, 0);
    await storage.delete("products/abc-320.webp"); // deleting twice is fine
    assert.equal(storage.publicUrl("products/abc-320.webp"), "/media/products/abc-320.webp");
    await assert.rejects(storage.put("../x", bytes, "image/webp"), /invalid storage key/);

    // A wrong secret: the store refuses the signature, and the error says so without the secret.
    const wrong = s3Storage({ ...config, secretAccessKey: "not-the-secret" });
    await assert.rejects(wrong.put("products/x-320.webp", bytes, "image/webp"), (err) => {
      assert.ok(err instanceof S3StorageError);
      assert.match(err.message, /403 SignatureDoesNotMatch/);
      assert.doesNotMatch(err.message, /not-the-secret/);
      return true;
    });
    assert.deepEqual(s3.log.map((l) => [l.method, l.status]), [
      ["PUT", 200],
      ["GET", 200],
      ["GET", 404],
      ["DELETE", 204],
      ["DELETE", 204],
      ["PUT", 403],
    ]);
  } finally {
    await s3.close();
  }
});

Deno.test("[s3] uploaded images land in the bucket and load from S3_PUBLIC_URL with srcset", async () => {
  const s3 = startFakeS3();
  try {
    const config = loadConfig({
      NODE_ENV: "test",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: "https://media.reptilebasics.example/",
    });
    const storage = storageFromConfig(config);
    assert.equal(storage.kind, "s3");
    const stored = await ingestImage(storage, "products", await testJpeg(800, 600));
    assert.match(stored.url, /^https:\/\/media\.reptilebasics\.example\/products\/[0-9a-f]{32}-800\.webp$/);
    assert.deepEqual([...s3.objects.keys()].map((k) => k.replace(/[0-9a-f]{32}/, "H")).sort(), [
      "products/H-320.webp",
      "products/H-640.webp",
      "products/H-800.webp",
    ]);
    assert.equal(responsiveImage(stored.url, { sizes: "100px", displayWidth: 100 }).srcSet?.split(", ").length, 3);
    await deleteImageFiles(storage, stored.url);
    assert.equal(s3.objects.size, 0);
    assert.equal(storageFromConfig(loadConfig({ NODE_ENV: "test" })).kind, "local");
  } finally {
    await s3.close();
  }
});
