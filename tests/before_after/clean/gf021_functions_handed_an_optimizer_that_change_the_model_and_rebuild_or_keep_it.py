import torch
from torch import nn


def rebuilds(net, data, opt):
    net.fc = nn.Linear(8, 2)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for x, y in data:
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()


def adds_a_group(net, data, opt):
    net.fc = nn.Linear(8, 2)
    opt.add_param_group({"params": net.fc.parameters()})
    for x, y in data:
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()


def replaces_after_training(net, data, opt):
    for x, y in data:
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()
    net.fc = nn.Linear(8, 2)  # a new task's head, trained by its caller
    return net


def replaces_the_teachers_head(teacher, student, data, opt):
    teacher.fc = nn.Linear(8, 2)
    for x, y in data:
        opt.zero_grad()
        nn.functional.mse_loss(student(x), teacher(x).detach()).backward()
        opt.step()


def main(data):
    net = nn.Sequential()
    net.body = nn.Linear(4, 8)
    net.fc = nn.Linear(8, 5)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    rebuilds(net, data, opt)
    adds_a_group(net, data, opt)
    replaces_after_training(net, data, opt)
    head_opt = torch.optim.SGD(net.fc.parameters(), lr=0.1)
    replaces_the_teachers_head(nn.Sequential(nn.Linear(4, 8)), net, data, head_opt)
    student = nn.Linear(4, 8)
    opt = torch.optim.SGD(student.parameters(), lr=0.1)
    replaces_the_teachers_head(net, student, data, opt)
