import torch

net = torch.nn.Linear(16, 4).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.01)
batches = iter(data_source())

with torch.autocast("cuda", dtype=torch.float16):
    step = 0
    while step < 1000:
        features, labels = next(batches)
        opt.zero_grad()
        objective = torch.nn.functional.mse_loss(net(features), labels)
        objective.backward()
        opt.step()
        step += 1
