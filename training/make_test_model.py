"""Writes tests/models/tiny.onnx and tiny-yolo.onnx: models with known weights, used by the tests to
check that the ONNX Runtime engine loads a model and runs it (not a recognizer).

    x: float [1, 3, 4, 4]  ->  ReduceMean over the 4x4 pixels  ->  [1, 3]
    y = mean(x) @ W + b    ->  float [1, 2],  W = [[1, 0], [0, 2], [1, -1]], b = [0.5, -0.5]

Run from the repository root with the `onnx` package: python3 training/make_test_model.py
"""
import onnx
from onnx import TensorProto, helper

x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 4, 4])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2])
w = helper.make_tensor("W", TensorProto.FLOAT, [3, 2], [1, 0, 0, 2, 1, -1])
b = helper.make_tensor("b", TensorProto.FLOAT, [2], [0.5, -0.5])
axes = helper.make_tensor("axes", TensorProto.INT64, [2], [2, 3])
nodes = [
    helper.make_node("ReduceMean", ["x", "axes"], ["m"], keepdims=0),
    helper.make_node("Gemm", ["m", "W", "b"], ["y"]),
]
graph = helper.make_graph(nodes, "tiny", [x], [y], initializer=[w, b, axes])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="pitwatch")
model.ir_version = 9
onnx.checker.check_model(model)
onnx.save(model, "tests/models/tiny.onnx")
print("wrote tests/models/tiny.onnx")

# tests/models/tiny-yolo.onnx: shaped like an Ultralytics YOLOv8 export (input "images"
# [1, 3, 64, 64], output "output0" [1, 4 + 2 classes, 2 candidates]). Candidate 0 is the box
# centred (16, 16), 8x8, scored for class 0 by the image's mean red; candidate 1 is the box
# centred (48, 40), 10x12, scored for class 1 by the mean green. Class names "red", "green".
images = helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, 64, 64])
out = helper.make_tensor_value_info("output0", TensorProto.FLOAT, [1, 6, 2])
boxes = helper.make_tensor("boxes", TensorProto.FLOAT, [1, 4, 2], [16, 48, 16, 40, 8, 10, 8, 12])
pick = helper.make_tensor("pick", TensorProto.FLOAT, [3, 4], [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
shape = helper.make_tensor("shape", TensorProto.INT64, [3], [1, 2, 2])
nodes = [
    helper.make_node("ReduceMean", ["images", "axes"], ["mean"], keepdims=0),
    helper.make_node("MatMul", ["mean", "pick"], ["flat"]),
    helper.make_node("Reshape", ["flat", "shape"], ["scores"]),
    helper.make_node("Concat", ["boxes", "scores"], ["output0"], axis=1),
]
graph = helper.make_graph(nodes, "tiny-yolo", [images], [out], initializer=[boxes, pick, shape, axes])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="pitwatch")
model.ir_version = 9
helper.set_model_props(model, {"names": "{0: 'red', 1: 'green'}", "imgsz": "[64, 64]"})
onnx.checker.check_model(model)
onnx.save(model, "tests/models/tiny-yolo.onnx")
print("wrote tests/models/tiny-yolo.onnx")
