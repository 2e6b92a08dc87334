# The scaled loss is bound to a name (once, in the function) and handed to Fabric's backward;
# the value clip then cuts gradients that still carry the loss scale.
import torch
import lightning as L

fabric = L.Fabric(accelerator="cpu")
net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 1))
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
net, opt = fabric.setup(net, opt)
grad_scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)


def train(train_loader, epochs=3):
    for epoch in range(epochs):
        for features, target in train_loader:
            opt.zero_grad()
            prediction = net(features)
            scaled = grad_scaler.scale(torch.nn.functional.mse_loss(prediction, target))
            fabric.backward(scaled)
            torch.nn.utils.clip_grad_value_(net.parameters(), 0.5)
            grad_scaler.step(opt)
            grad_scaler.update()
