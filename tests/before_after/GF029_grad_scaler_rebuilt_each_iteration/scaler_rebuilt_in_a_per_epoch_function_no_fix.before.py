import torch


def train_one_epoch(net, opt, batches):
    for inputs, targets in batches:
        scaler = torch.amp.GradScaler("cpu")
        opt.zero_grad()
        scaler.scale(torch.nn.functional.mse_loss(net(inputs), targets)).backward()
        scaler.step(opt)
        scaler.update()


net = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
epoch = 0
while epoch < 4:
    train_one_epoch(net, opt, batches)
    epoch += 1
