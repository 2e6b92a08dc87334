import torch
import torch.nn as nn
import torch.optim as optim


class Net(nn.Module):
    def __init__(self, n_inputs, n_outputs, n_tasks, n_memories, lr, cuda=False):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_inputs, 32), nn.ReLU(), nn.Linear(32, n_outputs))
        self.ce = nn.CrossEntropyLoss()
        self.opt = optim.SGD(self.parameters(), lr)
        self.n_memories = n_memories
        # episodic memory: plain tensors, not parameters
        self.memory_data = torch.FloatTensor(
            n_tasks, n_memories, n_inputs)
        self.memory_labs = torch.LongTensor(n_tasks, n_memories)
        if cuda:
            self.memory_data = self.memory_data.cuda()
            self.memory_labs = self.memory_labs.cuda()
        self.mem_cnt = 0

    def forward(self, x):
        return self.net(x)

    def observe(self, x, t, y):
        end = min(self.mem_cnt + x.size(0), self.n_memories)
        n = end - self.mem_cnt
        self.memory_data[t, self.mem_cnt:end].copy_(x[:n])
        self.memory_labs[t, self.mem_cnt:end].copy_(y[:n])
        self.mem_cnt = 0 if end == self.n_memories else end
        self.train()
        self.zero_grad()
        loss = self.ce(self.forward(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


torch.manual_seed(0)
net = Net(8, 4, n_tasks=2, n_memories=32, lr=0.1)
for t in range(2):
    for it in range(10):
        x = torch.randn(10, 8)
        y = torch.randint(0, 4, (10,))
        l = net.observe(x, t, y)
print(l)
