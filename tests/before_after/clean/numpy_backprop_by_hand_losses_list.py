"""Backpropagation written by hand in NumPy (a course exercise): `forward`, `backward` and
`step` methods on plain classes; the losses are NumPy values, not tensors."""
import numpy as np


class Scale:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        self.x = x
        return self.w * x

    def backward(self, grad):
        self.grad = self.x * grad
        return grad * self.w

    def step(self, lr):
        self.w -= lr * self.grad


class Fit:
    def __init__(self, layers):
        self.layers = layers

    def forward(self, x):
        for layer in self.layers:
            x = layer.forward(x)
        return x

    def compute_loss(self, y_est, y):
        self.loss_grad = 2 * (y_est - y)
        return (y - y_est) ** 2

    def backward(self):
        g = self.loss_grad
        for layer in reversed(self.layers):
            g = layer.backward(g)

    def step(self, lr):
        for layer in self.layers:
            layer.step(lr)


rng = np.random.default_rng(0)
xx = np.arange(0, 1, 0.01)
yy = 3.0 * xx
my_fit = Fit([Scale(1.0)])
losses = []
for i in range(500):
    j = rng.integers(0, len(xx))
    y_est = my_fit.forward(xx[j])
    loss = my_fit.compute_loss(y_est, yy[j])
    losses.append(loss)
    my_fit.backward()
    my_fit.step(1e-1)
print("w", round(float(my_fit.layers[0].w), 4), "last loss", float(losses[-1]))
