"""Writes tests/models/tiny.onnx: a two-node model with known weights, used by the tests to
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
