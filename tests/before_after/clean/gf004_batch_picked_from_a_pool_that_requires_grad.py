import torch

pool = torch.randn(128, 3)
pool.requires_grad_(True)  # learned inputs: picking a batch records a node both losses share
net = torch.nn.Linear(3, 1)
critic = torch.nn.Linear(3, 1)
opt = torch.optim.SGD([pool, *net.parameters()], lr=0.1)
c_opt = torch.optim.SGD(critic.parameters(), lr=0.1)

for step in range(10):
    x = pool[torch.randint(0, 128, (16,))]
    loss = net(x).pow(2).mean()
    opt.zero_grad()
    loss.backward(retain_graph=True)
    opt.step()
    c_loss = critic(x).mean()
    c_opt.zero_grad()
    c_loss.backward()
    c_opt.step()
