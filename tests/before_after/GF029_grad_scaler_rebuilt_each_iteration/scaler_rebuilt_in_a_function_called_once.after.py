import torch


def fit(net, opt, batches, epochs):
    scaler = torch.amp.GradScaler("cpu")
    for epoch in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            scaler.scale(torch.nn.functional.mse_loss(net(inputs), targets)).backward()
            scaler.step(opt)
            scaler.update()


net = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
fit(net, opt, [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)], 3)
