/**
 * face-api's SSD MobileNet v1 face detector with the same weights and the same arithmetic, run as
 * fused convolutions: each layer is one kernel (convolution + bias + ReLU6) instead of three.
 *
 * face-api runs every depthwise layer as depthwiseConv2d → batchNorm → clipByValue and every
 * pointwise one as conv2d → add → clipByValue, so each layer's output crosses memory three times; on
 * the wasm backend those extra passes took about a fifth of the detector's time. Here the batch norm
 * is folded into the depthwise filters and a bias once, at the first run (scale · x + (offset −
 * mean · scale), which is what batchNorm computes, in a different float rounding), and XNNPACK applies
 * the bias and the clamp to [0, 6] inside the convolution. Everything else — the 512 × 512 input, the
 * anchors, the box decoding, the non-maximum suppression — is face-api's own (`locateFaces`).
 */
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type * as Tfjs from '@tensorflow/tfjs';
import { nonMaxSuppression } from './non-max-suppression.ts';
import { tf } from './tfjs.ts';

type Tensor1D = Tfjs.Tensor1D;
type Tensor4D = Tfjs.Tensor4D;

/** batchNorm's variance epsilon in face-api's MobileNet (float32 0.001). */
const BATCH_NORM_EPSILON = 0.0010000000474974513;
/** The depthwise layers (1-based, as face-api numbers them) that halve the feature map. */
const STRIDE_2_LAYERS = new Set([2, 4, 6, 12]);

type SsdParams = NonNullable<faceapi.SsdMobilenetv1['params']>;

interface FusedConv {
  filter: Tensor4D;
  bias: Tensor1D;
}

interface FusedParams {
  conv0: FusedConv;
  /** conv_1 … conv_13: depthwise (batch norm folded in), then pointwise. */
  pairs: { depthwise: FusedConv; pointwise: FusedConv }[];
  /** The prediction layer's extra convolutions conv_0 … conv_7. */
  extra: FusedConv[];
  /** box_predictor_0 … box_predictor_5: box encodings and class scores. */
  predictors: { box: FusedConv; cls: FusedConv }[];
  /** The anchors, [1, 5118, 4]. */
  anchors: Tfjs.Tensor3D;
}

/** face-api's tensors are tfjs tensors of the same engine; its typings declare them separately. */
function own<T extends Tfjs.Tensor>(tensor: faceapi.tf.Tensor): T {
  return tensor as unknown as T;
}

const plain = (p: { filters: faceapi.tf.Tensor4D; bias: faceapi.tf.Tensor1D }): FusedConv => ({
  filter: own(p.filters),
  bias: own(p.bias),
});

const pointwise = (p: {
  filters: faceapi.tf.Tensor4D;
  batch_norm_offset: faceapi.tf.Tensor1D;
}): FusedConv => ({
  filter: own(p.filters),
  bias: own(p.batch_norm_offset),
});

/** A depthwise layer's filters and bias with its batch norm folded in (new tensors, kept). */
function foldBatchNorm(p: SsdParams['mobilenetv1']['conv_1']['depthwise_conv']): FusedConv {
  return tf.tidy(() => {
    const scale = tf.mul(
      own<Tensor1D>(p.batch_norm_scale),
      tf.rsqrt(tf.add(own<Tensor1D>(p.batch_norm_variance), BATCH_NORM_EPSILON)),
    );
    const filter = own<Tensor4D>(p.filters);
    const folded = tf.mul<Tensor4D>(filter, tf.reshape(scale, [1, 1, -1, 1]));
    const bias = tf.sub<Tensor1D>(
      own<Tensor1D>(p.batch_norm_offset),
      tf.mul(own<Tensor1D>(p.batch_norm_mean), scale),
    );
    return { filter: tf.keep(folded), bias: tf.keep(bias) };
  });
}

function fuse(params: SsdParams): FusedParams {
  const m = params.mobilenetv1;
  const pl = params.prediction_layer;
  const pairs = [
    m.conv_1,
    m.conv_2,
    m.conv_3,
    m.conv_4,
    m.conv_5,
    m.conv_6,
    m.conv_7,
    m.conv_8,
    m.conv_9,
    m.conv_10,
    m.conv_11,
    m.conv_12,
    m.conv_13,
  ].map((pair) => ({
    depthwise: foldBatchNorm(pair.depthwise_conv),
    pointwise: pointwise(pair.pointwise_conv),
  }));
  return {
    conv0: pointwise(m.conv_0),
    pairs,
    extra: [pl.conv_0, pl.conv_1, pl.conv_2, pl.conv_3, pl.conv_4, pl.conv_5, pl.conv_6, pl.conv_7].map(
      pointwise,
    ),
    predictors: [
      pl.box_predictor_0,
      pl.box_predictor_1,
      pl.box_predictor_2,
      pl.box_predictor_3,
      pl.box_predictor_4,
      pl.box_predictor_5,
    ].map((b) => ({ box: plain(b.box_encoding_predictor), cls: plain(b.class_predictor) })),
    anchors: own(params.output_layer.extra_dim),
  };
}

function relu6Conv(x: Tensor4D, conv: FusedConv, stride: 1 | 2): Tensor4D {
  return tf.fused.conv2d({
    x,
    filter: conv.filter,
    strides: stride,
    pad: 'same',
    bias: conv.bias,
    activation: 'relu6',
  });
}

function relu6Depthwise(x: Tensor4D, conv: FusedConv, stride: 1 | 2): Tensor4D {
  return tf.fused.depthwiseConv2d({
    x,
    filter: conv.filter,
    strides: stride,
    pad: 'same',
    bias: conv.bias,
    activation: 'relu6',
  });
}

function linearConv(x: Tensor4D, conv: FusedConv): Tensor4D {
  return tf.fused.conv2d({ x, filter: conv.filter, strides: 1, pad: 'same', bias: conv.bias });
}

/** face-api's outputLayer: anchors + encodings → corner boxes, and the face class's sigmoid score. */
function outputLayer(
  boxPredictions: Tfjs.Tensor,
  classPredictions: Tfjs.Tensor,
  anchors: Tfjs.Tensor3D,
  batchSize: number,
) {
  const [a0, a1, a2, a3] = tf.unstack(
    tf.transpose(tf.reshape(tf.tile(anchors, [batchSize, 1, 1]), [-1, 4]), [1, 0]),
  );
  const [p0, p1, p2, p3] = tf.unstack(tf.transpose(tf.reshape(boxPredictions, [-1, 4]), [1, 0]));
  const sizes = [tf.sub(a2!, a0!), tf.sub(a3!, a1!)] as const;
  const centers = [tf.add(a0!, tf.div(sizes[0], 2)), tf.add(a1!, tf.div(sizes[1], 2))] as const;
  const half0 = tf.div(tf.mul(tf.exp(tf.div(p2!, 5)), sizes[0]), 2);
  const centre0 = tf.add(tf.mul(tf.div(p0!, 10), sizes[0]), centers[0]);
  const half1 = tf.div(tf.mul(tf.exp(tf.div(p3!, 5)), sizes[1]), 2);
  const centre1 = tf.add(tf.mul(tf.div(p1!, 10), sizes[1]), centers[1]);
  const corners = tf.transpose(
    tf.stack([
      tf.sub(centre0, half0),
      tf.sub(centre1, half1),
      tf.add(centre0, half0),
      tf.add(centre1, half1),
    ]),
    [1, 0],
  );
  const boxes = tf.reshape(corners, [batchSize, corners.shape[0]! / batchSize, 4]);
  const faceScores = tf.sigmoid(tf.slice(classPredictions, [0, 0, 1], [-1, -1, -1]));
  const scores = tf.reshape(tf.slice(faceScores, [0, 0, 0], [-1, -1, 1]), [batchSize, -1]);
  return { boxes: tf.unstack(boxes), scores: tf.unstack(scores) };
}

/** face-api's IoU threshold for the SSD's non-maximum suppression. */
const IOU_THRESHOLD = 0.5;

/** SSD MobileNet v1 with fused layers; load it with `loadFromDisk` and use `locateFaces` as face-api's. */
export class FusedSsdMobilenetv1 extends faceapi.SsdMobilenetv1 {
  private fused: FusedParams | null = null;

  /** face-api's locateFaces, with the boxes read out of the backend once (non-max-suppression.ts). */
  override async locateFaces(
    input: faceapi.TNetInput,
    options: faceapi.ISsdMobilenetv1Options = {},
  ): Promise<faceapi.FaceDetection[]> {
    const { maxResults, minConfidence } = new faceapi.SsdMobilenetv1Options(options);
    const netInput = await faceapi.toNetInput(input);
    const { boxes: batchBoxes, scores: batchScores } = this.forwardInput(netInput);
    const [boxes, scores] = [batchBoxes[0]!, batchScores[0]!];
    const boxData = boxes.dataSync();
    const scoreData = scores.dataSync();
    tf.dispose([...batchBoxes, ...batchScores].map((t) => own(t)));
    const kept = nonMaxSuppression(boxData, scoreData, maxResults, IOU_THRESHOLD, minConfidence);
    // Boxes are relative to the padded square input: back to the photo's share of it.
    const reshaped = netInput.getReshapedInputDimensions(0);
    const inputSize = netInput.inputSize ?? 0;
    const padX = inputSize / reshaped.width;
    const padY = inputSize / reshaped.height;
    const imageDims = { height: netInput.getInputHeight(0), width: netInput.getInputWidth(0) };
    return kept.map((i) => {
      const top = Math.max(0, boxData[4 * i]!) * padY;
      const bottom = Math.min(1, boxData[4 * i + 2]!) * padY;
      const left = Math.max(0, boxData[4 * i + 1]!) * padX;
      const right = Math.min(1, boxData[4 * i + 3]!) * padX;
      return new faceapi.FaceDetection(
        scoreData[i]!,
        new faceapi.Rect(left, top, right - left, bottom - top),
        imageDims,
      );
    });
  }

  override forwardInput(input: faceapi.NetInput): {
    boxes: faceapi.tf.Tensor2D[];
    scores: faceapi.tf.Tensor1D[];
  } {
    const params = this.params;
    if (!params) throw new Error('FusedSsdMobilenetv1: load the model before inference');
    const f = (this.fused ??= fuse(params));
    const { boxes, scores } = tf.tidy(() => {
      const batch = tf.cast(own<Tensor4D>(input.toBatchTensor(512, false)), 'float32');
      let x: Tensor4D = tf.sub(tf.div(batch, 127.5), 1);
      x = relu6Conv(x, f.conv0, 2);
      let conv11 = x;
      for (const [i, pair] of f.pairs.entries()) {
        x = relu6Depthwise(x, pair.depthwise, STRIDE_2_LAYERS.has(i + 1) ? 2 : 1);
        x = relu6Conv(x, pair.pointwise, 1);
        if (i + 1 === 11) conv11 = x;
      }
      // The extra layers alternate a stride-1 and a stride-2 convolution; every second one feeds a predictor.
      const features: Tensor4D[] = [conv11, x];
      let y = x;
      f.extra.forEach((conv, i) => {
        y = relu6Conv(y, conv, i % 2 === 1 ? 2 : 1);
        if (i % 2 === 1) features.push(y);
      });
      const batchSize = x.shape[0];
      const encodings = features.map((feature, i) =>
        tf.reshape(linearConv(feature, f.predictors[i]!.box), [batchSize, -1, 1, 4]),
      );
      const classes = features.map((feature, i) =>
        tf.reshape(linearConv(feature, f.predictors[i]!.cls), [batchSize, -1, 3]),
      );
      return outputLayer(tf.concat(encodings, 1), tf.concat(classes, 1), f.anchors, batchSize);
    });
    return {
      boxes: boxes.map((b) => b as unknown as faceapi.tf.Tensor2D),
      scores: scores.map((s) => s as unknown as faceapi.tf.Tensor1D),
    };
  }
}
